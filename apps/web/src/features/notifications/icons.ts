import { Bell, HandHeart, MessageCircle, StickyNote, type LucideIcon } from "lucide-react";

export interface NotificationIcon {
  Icon: LucideIcon;
  /** What the icon shows, for tests and the data-icon attribute. */
  name: "note" | "speech-bubble" | "praying-hands" | "bell";
}

const BY_TYPE: Record<string, NotificationIcon> = {
  mention_post: { Icon: StickyNote, name: "note" },
  mention_comment: { Icon: MessageCircle, name: "speech-bubble" },
  mention_reflection: { Icon: HandHeart, name: "praying-hands" },
};

/** Spec section 2: note, speech bubble, praying hands by type; a generic bell for any other type. */
export function notificationIcon(type: string): NotificationIcon {
  return Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type]! : { Icon: Bell, name: "bell" };
}
