/**
 * Spec section 4, relative time in notifications: under 45 minutes shows minutes, under 90 minutes about 1 hour,
 * under 24 hours hours, then days, months, years. Always "... ago".
 */
export function relativeTimeAgo(when: string | Date, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(when).getTime());
  const minutes = Math.round(ms / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 45) return `${plural(minutes, "minute")} ago`;
  if (minutes < 90) return "about 1 hour ago";
  const hours = Math.round(minutes / 60);
  if (minutes < 24 * 60) return `about ${plural(hours, "hour")} ago`;
  const days = Math.round(minutes / (24 * 60));
  if (days < 30) return `${plural(days, "day")} ago`;
  const months = Math.round(days / 30);
  if (days < 365) return months === 1 ? "about 1 month ago" : `${plural(months, "month")} ago`;
  const years = Math.floor(days / 365);
  return years === 1 ? "about 1 year ago" : `${plural(years, "year")} ago`;
}
