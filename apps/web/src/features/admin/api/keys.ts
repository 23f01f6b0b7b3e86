import type { AdminImageKind, AdminRange, ChurnWindow, SubscriptionFilter } from "@shepherd/shared/admin";
import type { SupportStatus } from "@shepherd/shared/support";

/** The admin area's query keys: each page's data under ["admin", page, ...]. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: (range: AdminRange) => ["admin", "dashboard", range] as const,
  users: (q: string, page: number) => ["admin", "users", "search", q, page] as const,
  user: (id: string) => ["admin", "users", "one", id] as const,
  health: ["admin", "health"] as const,
  failedJobs: (page: number) => ["admin", "health", "failed-jobs", page] as const,
  errors: (page: number) => ["admin", "health", "errors", page] as const,
  subscriptions: (range: AdminRange) => ["admin", "subscriptions", "overview", range] as const,
  subscriptionList: (status: SubscriptionFilter, page: number) => ["admin", "subscriptions", "list", status, page] as const,
  billingEvents: (page: number) => ["admin", "subscriptions", "events", page] as const,
  support: ["admin", "support"] as const,
  supportInbox: (status: SupportStatus | "all", page: number) => ["admin", "support", "inbox", status, page] as const,
  supportThread: (id: string) => ["admin", "support", "thread", id] as const,
  churn: ["admin", "churn", "overview"] as const,
  inactive: (days: ChurnWindow, page: number) => ["admin", "churn", "inactive", days, page] as const,
  cancellations: (page: number) => ["admin", "churn", "cancellations", page] as const,
  features: (range: AdminRange) => ["admin", "features", range] as const,
  experiments: ["admin", "experiments"] as const,
  images: ["admin", "images"] as const,
  imageList: (kind: AdminImageKind, missing: boolean, q: string, page: number) =>
    ["admin", "images", kind, missing, q, page] as const,
  experimentList: (page: number) => ["admin", "experiments", "list", page] as const,
};

/** A URL with its query string (empty values left out). */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
