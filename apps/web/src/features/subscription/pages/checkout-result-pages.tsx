import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { subscriptionQuery } from "@/lib/subscription";

/** /success: the end of a completed checkout. The subscription is reloaded so the header updates at once. */
export function CheckoutSuccessPage() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
  }, [client]);
  return (
    <section className="mx-auto max-w-md space-y-4 py-10 text-center">
      <h1 className="font-serif text-3xl font-semibold">Welcome to Premium</h1>
      <p className="text-stone-700 dark:text-stone-300">
        Thank you. Your subscription is active; everything in Shepherd is open to you now.
      </p>
      <Link to="/" className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white">
        Back to Today
      </Link>
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
