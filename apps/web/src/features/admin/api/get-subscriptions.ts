import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type {
  AdminBillingEvent,
  AdminPage,
  AdminRange,
  AdminSubscriptionRow,
  AdminSubscriptions,
  SubscriptionFilter,
} from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

/** GET /api/admin/subscriptions?range=: the counts now and monthly recurring revenue by day. */
export const subscriptionsQuery = (range: AdminRange) =>
  queryOptions({
    queryKey: adminKeys.subscriptions(range),
    queryFn: () => api<AdminSubscriptions>(`/api/admin/subscriptions?range=${range}`),
    placeholderData: keepPreviousData,
  });

export function useSubscriptionsOverview(range: AdminRange) {
  return useQuery(subscriptionsQuery(range));
}

export const subscriptionListUrl = (status: SubscriptionFilter, page: number, format?: "csv") =>
  withQuery("/api/admin/subscriptions/list", { status, page, format });

/** GET /api/admin/subscriptions/list?status=&page=: the subscriptions, most recently changed first. */
export function useSubscriptionList(status: SubscriptionFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.subscriptionList(status, page),
    queryFn: () => api<AdminPage<AdminSubscriptionRow>>(subscriptionListUrl(status, page)),
    placeholderData: keepPreviousData,
  });
}

export const billingEventsUrl = (page: number, format?: "csv") => withQuery("/api/admin/subscriptions/events", { page, format });

/** GET /api/admin/subscriptions/events?page=: Stripe's webhook events as received. */
export function useBillingEvents(page: number) {
  return useQuery({
    queryKey: adminKeys.billingEvents(page),
    queryFn: () => api<AdminPage<AdminBillingEvent>>(billingEventsUrl(page)),
    placeholderData: keepPreviousData,
  });
}
