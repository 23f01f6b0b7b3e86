/**
 * What a push carries (the server's modules/reminders/push.ts) and how the service worker shows it: a title, one
 * line, where a tap goes, and a tag (one notification per tag on the device: the day's reminder never stacks).
 */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const PUSH_ICON = "/icons/icon-192.png";
export const PUSH_BADGE = "/icons/maskable-192.png";

const FALLBACK: PushNotice = { title: "Shepherd", body: "Today's devotional is ready when you are.", url: "/", tag: "shepherd" };

/** A path in this app only: anything else (another site, javascript:) opens the app's home. */
export function safeAppPath(url: unknown): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.includes("\\")) return "/";
  return url;
}

/** The push's JSON read defensively: a push that cannot be read still shows a gentle notice (browsers require one). */
export function readPushNotice(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PushNotice, unknown>>;
    const str = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.slice(0, max) : null);
    return {
      title: str(value.title, 80) ?? FALLBACK.title,
      body: str(value.body, 240) ?? FALLBACK.body,
      url: safeAppPath(value.url),
      tag: str(value.tag, 64) ?? FALLBACK.tag,
    };
  } catch {
    return FALLBACK;
  }
}
