import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { notificationsQuery } from "@/features/notifications/api/get-notifications";
import { streakDaysQuery } from "@/features/today/api/get-streak-days";
import { todayQuery } from "@/features/today/api/get-today";
import { monthGridRange } from "@/features/today/calendar";
import { readOnboardingFlag } from "@/lib/onboarding-flag";
import { myPlansQuery } from "@/lib/path";
import { meQuery } from "@/lib/session";
import { readSignedInHint } from "@/lib/signed-in-hint";
import { eachInItsOwnTask } from "@/lib/when-idle";
import { subscriptionQuery, usageQuery } from "@/lib/subscription";

/**
 * A cold load starts what its first screen will need before React renders anything, so the screen renders once, whole,
 * instead of once per answer (issue 14). Always: who is signed in (with the signed-in hint, the session and the profile
 * are asked together; see lib/session.ts). For a member who was signed in and finished onboarding in this browser, at /
 * (Today): Today's screen and Today's code too, alongside the session check instead of after it. Once the session says
 * he is signed in: what the shell's header shows (the bell, the Premium badge) and, on Today, the usage warning, his
 * plans' days and the week's kept days. The guards still decide what is shown; a stale hint costs one 401 and nothing
 * is shown.
 */
export function startBoot(client: QueryClient, options: { pathname: string; loadToday: () => Promise<unknown> }) {
  const today = options.pathname === "/" && readSignedInHint() && readOnboardingFlag();
  // No retry on these: an answer that fails is asked again, with the page's own options, by the part that shows it.
  const prefetch =
    <T, K extends QueryKey>(query: FetchQueryOptions<T, Error, T, K>) =>
    () =>
      void client.prefetchQuery({ ...query, retry: false });
  void client.prefetchQuery(meQuery).then(() => {
    if (!client.getQueryData(meQuery.queryKey)) return;
    const later = [prefetch(notificationsQuery), prefetch(subscriptionQuery)];
    if (today) later.push(prefetch(usageQuery), prefetch(myPlansQuery));
    eachInItsOwnTask(later);
  });
  if (!today) return;
  // Each in a task of its own, not in the one that evaluates the app's code, which is long enough on a phone (issue 14).
  // The page's preloads have asked for Today's screen already; the import adds a modulepreload link per file of Today's
  // code, a few milliseconds each.
  eachInItsOwnTask([
    () =>
      void client.prefetchQuery({ ...todayQuery, retry: false }).then(() => {
        const state = client.getQueryData(todayQuery.queryKey);
        if (state) eachInItsOwnTask([prefetch(streakDaysQuery(monthGridRange(state.date)))]);
      }),
    () => void options.loadToday().catch(() => undefined),
  ]);
}
