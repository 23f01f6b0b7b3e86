import webpush from "web-push";
import type { VapidKeys } from "./vapid";

/** What a push carries to the service worker (apps/web/src/sw.ts): never a member's private words. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap on it goes, a path in the app. */
  url: string;
  /** One notification per tag on the device: a second with the same tag replaces the first. */
  tag: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = { ok: true } | { ok: false; gone: boolean; status: number | null; error: string };

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}

const PUSH_TIMEOUT_MS = 10_000;
/** A reminder that could not be delivered within half a day is no use: the push service may drop it then. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** A VAPID token's life: RFC 8292 allows at most 24 hours; web-push's own default is 12. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption (RFC 8291), by the `web-push`
 * library; the request itself goes out with fetch (web-push's own sender speaks only https, and the tests' push
 * endpoint is plain http on loopback). A 404 or 410 answer means the subscription is gone for good.
 */
export function createPushSender(keys: VapidKeys): PushSender {
  // The VAPID token (an ES256-signed JWT) depends only on the push service's origin: signed once per origin and kept
  // for half its 12-hour life, rather than signed again for each of thousands of messages.
  const tokens = new Map<string, { authorization: string; renewAt: number }>();
  const authorization = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = tokens.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const headers = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, "aes128gcm", expiration);
    tokens.set(audience, { authorization: headers.Authorization, renewAt: now + (VAPID_TOKEN_SECONDS / 2) * 1000 });
    return headers.Authorization;
  };
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            // No vapidDetails (and no webpush.setVapidDetails anywhere): VAPID's Authorization header is added below,
            // from the token kept for the push service's origin.
            TTL: PUSH_TTL_SECONDS,
            urgency: "normal",
            // The push service keeps only the newest undelivered message of a topic (a phone that was off gets one).
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
            contentEncoding: "aes128gcm",
          },
        );
      } catch (error) {
        // Keys the browser sent that do not make a P-256 point: this subscription can never be used.
        return { ok: false, gone: true, status: null, error: error instanceof Error ? error.message : String(error) };
      }
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: { ...(details.headers as Record<string, string>), Authorization: authorization(details.endpoint) },
          body: new Uint8Array(details.body as Buffer),
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          redirect: "error",
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status >= 200 && response.status < 300) return { ok: true };
        return {
          ok: false,
          gone: response.status === 404 || response.status === 410,
          status: response.status,
          error: `the push service answered ${response.status}`,
        };
      } catch (error) {
        return { ok: false, gone: false, status: null, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
