import { relativeTimeAgo } from "@shepherd/shared/time";

/** "5 minutes ago", with the exact date and time on hover and for assistive technology. */
export function TimeAgo({ at, className }: { at: string; className?: string }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={date.toLocaleString()} className={className}>
      {relativeTimeAgo(date)}
    </time>
  );
}
