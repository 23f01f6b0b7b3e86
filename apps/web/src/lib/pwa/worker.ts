import { showToast } from "../toast";
import { afterLoadWhenIdle } from "../when-idle";
import { MEMBER_CACHE_PREFIX, type WorkerMessage } from "./offline-routes";

/**
 * The page's side of the service worker (sw.ts): registers it in a built app, offers a waiting new version ("A new
 * version is ready" / Reload), and tells it who is signed in so it keeps only his answers.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Loaded when wanted: the module exists only in a Vite build (the plugin makes it), not for the unit tests that
  // import this file through the session code.
  const register = () =>
    void import("virtual:pwa-register").then(({ registerSW }) => {
      const update = registerSW({
        immediate: true,
        onNeedRefresh() {
          showToast("A new version is ready", {
            id: "pwa-update",
            duration: Number.POSITIVE_INFINITY,
            action: { label: "Reload", onClick: () => void update(true) },
          });
        },
      });
    });
  // Registering (and the worker's update check that comes with it) is never urgent, and on a phone it is a long task:
  // it waits until the page has loaded, its first requests are answered and the main thread is idle (issue 14).
  afterLoadWhenIdle(register, REGISTER_AFTER_LOAD_MS);
}

/** How long after the page's load event the worker is registered. */
const REGISTER_AFTER_LOAD_MS = 5_000;

let lastMember: string | null | undefined;

/** Says who is signed in (null: nobody) to the worker; it deletes every other member's cache. */
export function tellWorkerMember(memberId: string | null): void {
  if (memberId === lastMember || !("serviceWorker" in navigator)) return;
  lastMember = memberId;
  const message: WorkerMessage = { type: "member", memberId };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** On signing out: the worker forgets him, and his cached answers are deleted from here too (not waiting on it). */
export async function forgetMemberData(): Promise<void> {
  tellWorkerMember(null);
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
