import { Bell, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  formatUnreadBadge,
  mentionAction,
  mentionerInitial,
  NOTIFICATION_PANEL_HEIGHT_PX,
  notificationTarget,
  type NotificationItem,
} from "@shepherd/shared/notifications";
import { relativeTimeAgo } from "@shepherd/shared/time";
import { cn } from "@/lib/cn";
import { useDeleteNotification } from "../api/delete-notification";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { notificationIcon } from "../icons";

function NotificationIcon({ type }: { type: string }) {
  const { Icon, name } = notificationIcon(type);
  return <Icon aria-hidden="true" data-icon={name} className="h-4 w-4 shrink-0 text-pasture-700 dark:text-gold-300" />;
}

/** The mentioner's picture; the first letter of his name (or "?") when he has none or it does not load. */
function MentionerAvatar({ mentioner }: { mentioner: NotificationItem["mentioner"] }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = mentioner?.avatar_url;
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        onError={() => setFailed(url)}
        className="h-9 w-9 shrink-0 rounded-full object-cover"
        data-testid="notification-avatar"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="notification-avatar"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-pasture-700 font-semibold text-white"
    >
      {mentionerInitial(mentioner)}
    </span>
  );
}

function Item({ item, onOpen, onDelete }: { item: NotificationItem; onOpen: () => void; onDelete: () => void }) {
  const username = item.mentioner?.username ?? "unknown";
  return (
    <li data-unread={!item.read} className={cn("flex items-start", item.read ? "" : "bg-pasture-50 dark:bg-stone-800")}>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 gap-3 px-4 py-3 text-left hover:bg-stone-50 focus-visible:-outline-offset-2 dark:hover:bg-stone-800/60"
      >
        <MentionerAvatar mentioner={item.mentioner} />
        <span className="min-w-0 flex-1 text-sm">
          <span className="flex items-center gap-2 font-medium">
            <NotificationIcon type={item.type} />@{username}
          </span>
          <span className="block text-stone-800 dark:text-stone-200">
            {item.mentioner?.display_name ? <span className="font-semibold">{item.mentioner.display_name} </span> : null}
            {mentionAction(item.type)}
          </span>
          <span className="block break-words text-stone-700 dark:text-stone-300">{item.content}</span>
          <span className="block text-xs text-stone-600 dark:text-stone-400">{relativeTimeAgo(item.created_at)}</span>
          {item.read ? null : <span className="sr-only">Unread</span>}
        </span>
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete notification from @${username}`}
        title="Delete"
        className="m-2 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-200 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-700 dark:hover:text-stone-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}

/** Spec section 2, Notification panel: bell with unread badge and a dropdown of the 20 newest. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      bell.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const openItem = (item: NotificationItem) => {
    if (!item.read) markRead.mutate(item.id);
    navigate(notificationTarget(item.type, item.link));
    setOpen(false);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={bell}
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
          role="region"
          aria-labelledby={`${panelId}-title`}
          className="fixed inset-x-4 top-[calc(var(--shell-header-height,4rem)+0.25rem)] z-40 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
            <h2 id={`${panelId}-title`} ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
              Notifications
            </h2>
            {anyUnread ? (
              <button
                type="button"
                onClick={() => markAllRead.mutate()}
                disabled={markAllRead.isPending}
                className="rounded-md px-2 py-1 text-sm font-medium text-pasture-700 hover:bg-pasture-50 disabled:opacity-60 dark:text-gold-300 dark:hover:bg-stone-800"
              >
                Mark all read
              </button>
            ) : null}
          </div>
          <div className="overflow-y-auto" data-testid="notification-list" style={{ height: NOTIFICATION_PANEL_HEIGHT_PX }}>
            {notifications.isPending ? (
              <p className="p-4 text-sm text-stone-600 dark:text-stone-400">Loading notifications...</p>
            ) : items.length === 0 ? (
              <p className="p-4 text-sm text-stone-600 dark:text-stone-400">No notifications yet</p>
            ) : (
              <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                {items.map((item) => (
                  <Item
                    key={item.id}
                    item={item}
                    onOpen={() => openItem(item)}
                    onDelete={() => {
                      // The deleted row takes focus with it: keep the keyboard in the panel.
                      heading.current?.focus();
                      remove.mutate(item.id);
                    }}
                  />
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
