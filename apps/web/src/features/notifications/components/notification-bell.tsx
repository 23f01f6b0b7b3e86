import { Bell, MessageCircle, StickyNote, HandHeart } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { formatUnreadBadge, type NotificationItem } from "@shepherd/shared/notifications";
import { relativeTimeAgo } from "@shepherd/shared/time";
import { useNotifications } from "../api/get-notifications";

const ICONS = { mention_post: StickyNote, mention_comment: MessageCircle, mention_reflection: HandHeart } as const;

function NotificationIcon({ type }: { type: string }) {
  const Icon = ICONS[type as keyof typeof ICONS] ?? Bell;
  return <Icon aria-hidden="true" className="h-4 w-4 text-pasture-700 dark:text-gold-300" />;
}

function Item({ item }: { item: NotificationItem }) {
  const letter = item.mentioner?.display_name?.trim().charAt(0).toUpperCase() || "?";
  return (
    <li className={item.read ? "" : "bg-pasture-50 dark:bg-stone-800"}>
      <div className="flex gap-3 px-4 py-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-pasture-700 font-semibold text-white"
        >
          {letter}
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <NotificationIcon type={item.type} />@{item.mentioner?.username ?? "unknown"}
          </p>
          <p className="text-stone-700 dark:text-stone-300">{item.content}</p>
          <p className="text-xs text-stone-500 dark:text-stone-400">{relativeTimeAgo(item.created_at)}</p>
        </div>
      </div>
    </li>
  );
}

/** Spec section 2, Notification panel: bell with unread badge and a dropdown of the 20 newest. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen(!open)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
          >
            {formatUnreadBadge(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-96 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xl dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3 dark:border-stone-800">
            <h2 className="font-semibold">Notifications</h2>
          </div>
          <div className="h-[400px] overflow-y-auto">
            {notifications.isPending ? (
              <p className="p-4 text-sm text-stone-600">Loading notifications...</p>
            ) : !notifications.data || notifications.data.items.length === 0 ? (
              <p className="p-4 text-sm text-stone-600 dark:text-stone-400">No notifications yet</p>
            ) : (
              <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                {notifications.data.items.map((item) => (
                  <Item key={item.id} item={item} />
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
