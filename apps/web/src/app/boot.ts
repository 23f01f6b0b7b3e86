import type { QueryClient } from "@tanstack/react-query";
import { todayQuery } from "@/features/today/api/get-today";
import { readOnboardingFlag } from "@/lib/onboarding-flag";
import { meQuery } from "@/lib/session";
import { readSignedInHint } from "@/lib/signed-in-hint";

/**
 * A cold load starts what its first screen will need before React renders anything. Always: who is signed in (with the
 * signed-in hint, the session and the profile are asked together; see lib/session.ts). For a member who was signed in
 * and finished onboarding in this browser, at / (Today): Today's screen and Today's code too, alongside the session
 * check instead of after it. The guards still decide what is shown; a stale hint costs one 401 and nothing is shown.
 */
export function startBoot(client: QueryClient, options: { pathname: string; loadToday: () => Promise<unknown> }) {
  void client.prefetchQuery(meQuery);
  if (options.pathname !== "/" || !readSignedInHint() || !readOnboardingFlag()) return;
  // No retry here: a stale hint answers 401, and Today (if it is shown after all) asks again with its own options.
  void client.prefetchQuery({ ...todayQuery, retry: false });
  // In a task of its own: the import adds a modulepreload link per file of Today's code, a few milliseconds each on a
  // phone, which would otherwise lengthen the one long task that evaluates the app's code (issue 14).
  setTimeout(() => void options.loadToday().catch(() => undefined), 0);
}
