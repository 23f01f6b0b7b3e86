import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/session";
import { subscriptionQuery } from "@/lib/subscription";
import { CONFIRMATION_POLL_MS, CONFIRMATION_WAIT_MS, checkoutOutcome } from "../checkout-outcome";

const primaryLink = "inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white";
const secondaryLink = "inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium";

function longDate(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : null;
}

/**
 * /success: where checkout returns. It says what the subscription really is: Premium (trial or paid) once the
 * subscription reads so, "confirming" while the provider's confirmation may still be on its way, and plainly that
 * nothing is confirmed after that. A visitor who did not pay is never told his subscription is active.
 */
export function CheckoutSuccessPage() {
  const client = useQueryClient();
  const session = useSession();
  const signedIn = session.isPending ? undefined : Boolean(session.data);
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const subscription = useQuery({
    ...subscriptionQuery,
    enabled: signedIn === true,
    refetchInterval: (query) =>
      query.state.data?.is_premium || Date.now() - startedAt >= CONFIRMATION_WAIT_MS ? false : CONFIRMATION_POLL_MS,
  });
  useEffect(() => {
    // The header's Premium badge reads the same query: it updates with this page.
    if (signedIn) void client.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
  }, [client, signedIn]);
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const outcome = checkoutOutcome({ signedIn, subscription: subscription.data, waitedMs: now - startedAt });
  const sub = subscription.data;

  return (
    <section className="mx-auto max-w-md space-y-4 py-10 text-center" aria-live="polite">
      {outcome === "checking" && (
        <>
          <h1 className="font-serif text-3xl font-semibold">Confirming your subscription</h1>
          <p className="flex items-center justify-center gap-2 text-stone-700 dark:text-stone-300" role="status">
            <Spinner /> Waiting for the payment to be confirmed…
          </p>
        </>
      )}
      {(outcome === "trial" || outcome === "active") && (
        <>
          <h1 className="font-serif text-3xl font-semibold">Welcome to Premium</h1>
          <p className="text-stone-700 dark:text-stone-300">
            {outcome === "trial"
              ? `Your free trial has started${sub?.trial_end ? ` and runs until ${longDate(sub.trial_end)}` : ""}. Everything in Shepherd is open to you now.`
              : "Thank you. Your subscription is active; everything in Shepherd is open to you now."}
          </p>
          <Link to="/" className={primaryLink}>
            Back to Today
          </Link>
        </>
      )}
      {outcome === "unconfirmed" && (
        <>
          <h1 className="font-serif text-3xl font-semibold">Not confirmed yet</h1>
          <p className="text-stone-700 dark:text-stone-300">
            Your account is still on the free plan: the payment has not been confirmed. If you completed it, Premium appears
            within a few minutes; your plan page shows where it stands.
          </p>
          <div className="flex justify-center gap-3">
            <Link to="/subscription" className={primaryLink}>
              See my plan
            </Link>
            <Link to="/" className={secondaryLink}>
              Back to Today
            </Link>
          </div>
        </>
      )}
      {outcome === "signed-out" && (
        <>
          <h1 className="font-serif text-3xl font-semibold">Sign in to see your subscription</h1>
          <p className="text-stone-700 dark:text-stone-300">
            You are not signed in, so we cannot show what your checkout did. Sign in and open your plan page.
          </p>
          <Link to="/auth" className={primaryLink}>
            Sign in
          </Link>
        </>
      )}
    </section>
  );
}

/** /cancel: checkout was left before paying. Nothing was charged. */
export function CheckoutCancelPage() {
  return (
    <section className="mx-auto max-w-md space-y-4 py-10 text-center">
      <h1 className="font-serif text-3xl font-semibold">Checkout cancelled</h1>
      <p className="text-stone-700 dark:text-stone-300">No payment was taken. You can upgrade whenever you are ready.</p>
      <div className="flex justify-center gap-3">
        <Link
          to="/subscription"
          className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white"
        >
          See plans
        </Link>
        <Link to="/" className="inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium">
          Back to Today
        </Link>
      </div>
    </section>
  );
}
