import { api, hasStatus } from "@/lib/api";

/**
 * The page's side of Web Push (issue 18): whether this browser can show notifications, and signing this browser up
 * for the member's pushes (or off). The permission prompt is asked only from a tap (subscribeThisBrowser).
 */
export type PushSupport = "supported" | "unsupported";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window ? "supported" : "unsupported";
}

/** "granted", "denied", "default" (not asked yet), or "unsupported". */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return pushSupport() === "supported" ? Notification.permission : "unsupported";
}

/** The service worker that will show the notifications; null when there is none (a development build). */
/** The longest sign-out waits for the service worker to be active before it forgets this browser's push. */
const FORGET_READY_WAIT_MS = 3000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * This browser's pushes: "on" when subscribed, "off" when it could be, "unsupported" without push or without our
 * service worker (a development build, or a browser that blocks workers).
 */
export async function thisBrowserPushState(): Promise<"on" | "off" | "unsupported"> {
  const registration = await workerRegistration();
  if (!registration) return "unsupported";
  return (await registration.pushManager.getSubscription()) ? "on" : "off";
}

export type SubscribeResult = "subscribed" | "denied" | "dismissed" | "unsupported";

/**
 * Asks for permission (call it only from a tap), subscribes this browser with the server's VAPID key and sends the
 * subscription to the server. A subscription the server keeps for another account (a shared device) is replaced by a
 * fresh one, which has a new endpoint.
 */
export async function subscribeThisBrowser(): Promise<SubscribeResult> {
  if (pushSupport() !== "supported") return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  const registration = await workerRegistration();
  if (!registration) return "unsupported";
  const { public_key } = await api<{ public_key: string }>("/api/push/public-key");
  const subscribe = async () => {
    const existing = await registration.pushManager.getSubscription();
    if (existing) return existing;
    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
  };
  let subscription = await subscribe();
  try {
    await api("/api/push/subscriptions", { method: "POST", body: subscription.toJSON() });
  } catch (error) {
    // 409: this endpoint is another account's; a server key changed shows as an old subscription too. Start afresh.
    if (!hasStatus(error, 409)) throw error;
    await subscription.unsubscribe();
    subscription = await subscribe();
    await api("/api/push/subscriptions", { method: "POST", body: subscription.toJSON() });
  }
  return "subscribed";
}

/** Stops pushes to this browser: the server forgets it, then the browser drops the subscription. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api("/api/push/subscriptions/remove", { method: "POST", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * On signing out: this browser stops receiving his pushes (a shared device must not show his reminders or mentions to
 * the next person). The server is told when it still can; otherwise its next push is answered 410 by the push service
 * and the row is deleted then.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  try {
    // Sign-out waits on this: a worker still installing (or stuck installing) is not waited for, as `ready` would
    // wait for it forever. Such a browser has no subscription yet anyway.
    const registration = await Promise.race([workerRegistration(), delay(FORGET_READY_WAIT_MS).then(() => null)]);
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await api("/api/push/subscriptions/remove", { method: "POST", body: { endpoint: subscription.endpoint } }).catch(() => null);
    await subscription.unsubscribe();
  } catch {
    // Nothing to undo: a browser without push, or one that already dropped it.
  }
}
