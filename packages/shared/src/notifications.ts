/** Spec section 2, 3 and 9: notifications as the client sees them. */

export const NOTIFICATION_TYPES = [
  "mention_post",
  "mention_comment",
  "mention_reflection",
  "mention_plan_day",
  "gathering_scheduled",
  "gathering_started",
  "mention_series_session",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LIST_LIMIT = 20;
export const UNREAD_BADGE_MAX = 9;
export const NOTIFICATION_PANEL_HEIGHT_PX = 400;

export interface NotificationItem {
  id: string;
  type: string;
  content: string;
  read: boolean;
  created_at: string;
  mentioner: { id: string; display_name: string | null; username: string | null; avatar_url: string | null } | null;
  /** Where it happened, when that is more than the type says (a plan day's discussion: /path/{plan}?day=n&together={group}). */
  link: string | null;
}

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

/** The bell badge: the unread count, or "9+" above 9. */
export function formatUnreadBadge(unread: number): string {
  return unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread);
}

/** Where clicking a notification goes. */
export function notificationTarget(type: string, link: string | null = null): string {
  if (link) return link;
  if (type === "mention_plan_day") return "/path";
  if (type === "mention_series_session") return "/pasture/library";
  return type === "mention_reflection" ? "/flock" : "/pasture";
}

/** What happened, in words, beside who did it ("Barnabas mentioned you in a post"). */
export function mentionAction(type: string): string {
  switch (type) {
    case "mention_post":
      return "mentioned you in a post";
    case "mention_comment":
      return "mentioned you in a comment";
    case "mention_reflection":
      return "mentioned you in your flock";
    case "mention_plan_day":
      return "mentioned you in a plan discussion";
    case "gathering_scheduled":
      return "scheduled a gathering for your flock";
    case "gathering_started":
      return "started a gathering: join your brothers";
    case "mention_series_session":
      return "mentioned you in a series discussion";
    default:
      return "mentioned you";
  }
}

/** Spec section 2: the avatar's letter is the first letter of the mentioner's display name, or "?" as the fallback. */
export function mentionerInitial(mentioner: NotificationItem["mentioner"]): string {
  const first = Array.from(mentioner?.display_name?.trim() ?? "")[0];
  return first ? first.toUpperCase() : "?";
}
