import { useEffect, useState } from "react";
import type { QueuedWrite } from "./queue";
import { onQueueChange, queuedWrites } from "./sync";

/** The signed-in member's writes waiting on this device, oldest first; read again whenever they change. */
export function useQueuedWrites(): QueuedWrite[] {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void queuedWrites()
        .then((next) => live && setWrites(next))
        // No IndexedDB (a private window in some browsers): nothing waits, as nothing could be queued.
        .catch(() => live && setWrites([]));
    load();
    const stop = onQueueChange(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return writes;
}
