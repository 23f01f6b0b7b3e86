import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { showToast } from "@/lib/toast";
import { WifiOff } from "lucide-react";
import { markInstallOffered, promptInstall, recordDayUsed, shouldOfferInstall, whenInstallAvailable } from "@/lib/pwa/install";
import { CareCard } from "@/components/care/care-card";
import { Button } from "@/components/ui/button";
import { onSyncedCare, setQueueMember, syncNow } from "@/lib/offline/sync";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";
import { tellWorkerMember } from "@/lib/pwa/worker";
import { useMe, useSession } from "@/lib/session";
import { deviceDate } from "@/lib/time-zone";
import { afterLoadWhenIdle, whenIdle } from "@/lib/when-idle";

/** How long after the page's load the install offer is considered. */
const INSTALL_OFFER_AFTER_LOAD_MS = 3_000;

/** How often writes waiting on the device are tried again while online (an empty queue costs one IndexedDB read). */
const SYNC_RETRY_MS = 30_000;

/** "Install Shepherd", once, on the fourth day he opens Shepherd in this browser (issue 18: after his third day here). */
function offerInstall() {
  let daysBefore = 0;
  try {
    daysBefore = recordDayUsed(deviceDate());
    if (!shouldOfferInstall(daysBefore)) return;
    markInstallOffered();
  } catch {
    return; // No local storage: no offer.
  }
  showToast("Install Shepherd", {
    id: "pwa-install",
    description: "Keep today's reading on your home screen, even without a signal.",
    duration: 20_000,
    action: { label: "Install", onClick: () => void promptInstall() },
  });
}

/**
 * Issue 18, the app's side: tells the service worker who is signed in (it keeps only his answers) and offers
 * "Install Shepherd" once, after his third day here. Mounted once beside the routes.
 */
export function PwaKeeper() {
  const session = useSession();
  const me = useMe();

  const client = useQueryClient();
  const memberId = session.data?.user.id ?? null;
  useEffect(() => {
    if (!session.isSuccess) return;
    tellWorkerMember(memberId);
    setQueueMember(memberId);
    if (!memberId) return;
    // What he wrote offline is sent as soon as the page is idle (opening the browser's database is not part of the
    // first render: issue 14), and whenever the connection returns.
    const onOnline = () => void syncNow(client);
    const cancelFirst = whenIdle(onOnline);
    window.addEventListener("online", onOnline);
    // A write kept while online (the server busy or unreachable) is tried again now and then, not only on "online".
    const retry = window.setInterval(onOnline, SYNC_RETRY_MS);
    return () => {
      cancelFirst();
      window.removeEventListener("online", onOnline);
      window.clearInterval(retry);
    };
  }, [session.isSuccess, memberId, client]);

  const signedIn = Boolean(me.data?.profile.onboarding_completed_at);
  useEffect(() => {
    if (!signedIn) return;
    // Not urgent, and naming today's date builds the page's first Intl formatter (its locale data: tens of
    // milliseconds of a phone's main thread), so it waits until the page has loaded and settled (issue 14). Then, once
    // the browser offers the install (it may have already), the offer is considered.
    let cancelWait: (() => void) | undefined;
    const cancelIdle = afterLoadWhenIdle(() => {
      cancelWait = whenInstallAvailable(offerInstall);
    }, INSTALL_OFFER_AFTER_LOAD_MS);
    return () => {
      cancelIdle();
      cancelWait?.();
    };
  }, [signedIn]);
  return null;
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says plainly, while the device is offline, what still works and what waits for a connection; how many of his
 * changes wait on this device to sync; and, when one written offline syncs and its answer asks for care (crisis
 * language in an entry or a check-in's notes: decision 005), the care card.
 */
export function OfflineNotice() {
  const online = useOnline();
  const waiting = useQueuedWrites().length;
  const [care, setCare] = useState(false);
  useEffect(() => {
    onSyncedCare(() => setCare(true));
    return () => onSyncedCare(null);
  }, []);
  return (
    <>
      {care ? (
        <div className="mb-4 space-y-2">
          <CareCard />
          <Button variant="secondary" size="sm" onClick={() => setCare(false)}>
            Close
          </Button>
        </div>
      ) : null}
      {!online || waiting > 0 ? (
        <div
          role="status"
          className="mb-4 flex items-start gap-2 rounded-md border border-stone-300 bg-stone-100 px-3 py-2 text-sm text-stone-800 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-100"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="space-y-1">
            {online ? null : (
              <p>
                You are offline. Today&apos;s devotional, your plans, the chapters you read and your journal are here to read;
                what you complete, check in, highlight or write is saved on this device and syncs when you are back. Other pages
                need a connection.
              </p>
            )}
            {waiting > 0 ? (
              <p>{waiting === 1 ? "1 change is" : `${waiting} changes are`} waiting on this device to sync.</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
