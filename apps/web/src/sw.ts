/// <reference lib="webworker" />
/**
 * Shepherd's service worker (issue 18), built by vite-plugin-pwa (Workbox, injectManifest). It precaches the built
 * shell, answers every page's navigation with it, and keeps the signed-in member's answers for reading offline in a
 * cache of his own (lib/pwa/offline-routes.ts), deleted when he signs out or another member signs in.
 * It is typechecked with tsconfig.sw.json (the webworker library), not with the page's code.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { createPartialResponse } from "workbox-range-requests";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import {
  isOfflineReadable,
  memberCacheName,
  OFFLINE_AUDIO_PREFIX,
  staleMemberCaches,
  type WorkerMessage,
} from "./lib/pwa/offline-routes";
import { PUSH_BADGE, PUSH_ICON, readPushNotice, safeAppPath } from "./lib/pwa/push-message";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/\.well-known\//] }));

// Who is signed in, as the page last said; kept in a cache too, since the browser stops an idle worker.
const STATE_CACHE = "shepherd-worker-state";
const MEMBER_KEY = "/__shepherd/member";
let member: string | null | undefined;

async function currentMember(): Promise<string | null> {
  if (member !== undefined) return member;
  const stored = await (await caches.open(STATE_CACHE)).match(MEMBER_KEY);
  member = stored ? ((await stored.json()) as { id: string | null }).id : null;
  return member;
}

async function setMember(id: string | null): Promise<void> {
  member = id;
  await (await caches.open(STATE_CACHE)).put(MEMBER_KEY, Response.json({ id }));
  await Promise.all(staleMemberCaches(await caches.keys(), id).map((name) => caches.delete(name)));
}

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as WorkerMessage | { type: "SKIP_WAITING" } | undefined;
  if (data?.type === "SKIP_WAITING" || data?.type === "skip-waiting") void self.skipWaiting();
  if (data?.type === "member") event.waitUntil(setMember(data.memberId));
});

/** A played audio file: from his cache when there, else fetched whole (not the range asked) and kept. */
async function audio(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  let whole = await cache.match(request.url);
  if (!whole) {
    const fetched = await fetch(request.url, { credentials: "same-origin" });
    if (fetched.status !== 200) return fetched;
    await cache.put(request.url, fetched.clone());
    whole = fetched;
  }
  return request.headers.has("range") ? createPartialResponse(request, whole) : whole;
}

registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && isOfflineReadable(url.pathname),
  async ({ request, event }) => {
    const id = await currentMember();
    if (id === null) return fetch(request);
    const cacheName = memberCacheName(id);
    if (new URL(request.url).pathname.startsWith(OFFLINE_AUDIO_PREFIX)) return audio(request, cacheName);
    return new NetworkFirst({ cacheName }).handle({ request, event });
  },
);

// Issue 18: the daily reminder and mention pushes. One notification per tag: the day's reminder never stacks.
self.addEventListener("push", (event: PushEvent) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  const notice = readPushNotice(text);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      tag: notice.tag,
      data: { url: notice.url },
    }),
  );
});

// A tap focuses a tab of ours already open (taking it to the link) or opens one.
self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const target = new URL(safeAppPath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => null);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
