import { useEffect, useState } from "react";
import { sameQueuedWrites, type QueuedWrite } from "./queue";
import { onQueueChange, queuedWrites } from "./sync";

/** The signed-in member's writes waiting on this device, oldest first; read again whenever they change. */
export function useQueuedWrites(): QueuedWrite[] {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void queuedWrites()
        // The same list read again keeps the one on screen: the pages showing it are not rendered again for nothing.
        .then((next) => live && setWrites((shown) => (sameQueuedWrites(shown, next) ? shown : next)))
        // No IndexedDB (a private window in some browsers): nothing waits, as nothing could be queued.
        .catch(() => live && setWrites((shown) => (shown.length === 0 ? shown : [])));
    load();
    const stop = onQueueChange(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return writes;
}
