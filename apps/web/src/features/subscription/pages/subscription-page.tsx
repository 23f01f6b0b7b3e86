import { Check, Crown } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { formatPrice, planById, PLANS, PREMIUM_BENEFITS, type PlanId } from "@shepherd/shared/plans";
import { CANCEL_REASON_MAX, type SubscriptionStatus } from "@shepherd/shared/subscription";
import { usageLines } from "@shepherd/shared/usage";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CharacterCount } from "@/components/ui/character-count";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page";
import { QueryState } from "@/components/ui/query-state";
import { FullPageSpinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useSubscription, useUsage } from "@/lib/subscription";
import { notify, showError } from "@/lib/toast";
import { useChangeSubscription, type SubscriptionChange } from "../api/change-subscription";
import { useOpenPortal } from "../api/open-portal";
import { useStartCheckout } from "../api/start-checkout";

const STATUS_WORDS: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment failed",
  canceled: "Cancelled",
  unpaid: "Unpaid",
  incomplete: "Waiting for payment",
  incomplete_expired: "Expired",
  paused: "Paused",
};

function longDate(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : null;
}

export function SubscriptionPage() {
  const subscription = useSubscription();
  return (
    <QueryState
      query={subscription}
      look="plain"
      loading={<FullPageSpinner />}
      error="We couldn't load your subscription. Please reload the page."
      retry={false}
    >
      {(status) => (
        <div className="space-y-6">
          <PageHeading
            title="Shepherd Premium"
            description="Unlimited devotionals, audio, journal entries and insights, and plans shaped around your season of life."
          />
          {status.is_premium || status.status ? <CurrentPlan status={status} /> : null}
          {!status.is_premium ? <PlanChooser /> : null}
          <Benefits />
          <UsageCard />
        </div>
      )}
    </QueryState>
  );
}

/** Before cancelling: why is he leaving? Optional; the people who run Shepherd read it (admin Churn). */
function CancelDialog(props: { open: boolean; busy: boolean; onClose: () => void; onCancel: (reason: string) => void }) {
  const [reason, setReason] = useState("");
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Cancel Premium?"
      description="You keep Premium until the end of this period. If you would tell us why you are leaving, it helps us do better."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          props.onCancel(reason);
        }}
      >
        <Field label="Why are you leaving? (optional)" hint={<CharacterCount length={reason.length} max={CANCEL_REASON_MAX} />}>
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              rows={3}
              value={reason}
              maxLength={CANCEL_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" disabled={props.busy}>
            Cancel subscription
          </Button>
          <Button type="button" variant="secondary" onClick={props.onClose}>
            Keep Premium
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CurrentPlan({ status }: { status: SubscriptionStatus }) {
  const plan = status.plan_type ? planById(status.plan_type) : undefined;
  const change = useChangeSubscription();
  const portal = useOpenPortal();
  const [asking, setAsking] = useState(false);
  const changeTo = (action: SubscriptionChange, reason?: string) =>
    change.mutate(
      { change: action, reason },
      {
        onSuccess: () => {
          setAsking(false);
          notify(
            action === "cancel" ? "Your plan will not renew" : "Your plan will renew",
            action === "cancel" ? "You keep Premium until the end of this period." : undefined,
          );
        },
        onError: showError,
      },
    );
  const trialEnd = longDate(status.trial_end);
  const periodEnd = longDate(status.current_period_end);
  return (
    <Card className="space-y-3">
      <div className="flex items-center gap-2">
        <Crown aria-hidden="true" className="h-5 w-5 text-gold-600" />
        <h2 className="text-lg font-semibold">Your plan: {plan?.name ?? status.plan_type}</h2>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600 dark:text-stone-400">Status</dt>
        <dd data-testid="subscription-status">{STATUS_WORDS[status.status ?? ""] ?? status.status}</dd>
        {status.status === "trialing" && trialEnd ? (
          <>
            <dt className="text-stone-600 dark:text-stone-400">Trial ends</dt>
            <dd>{trialEnd}</dd>
          </>
        ) : null}
        {periodEnd && status.status !== "canceled" ? (
          <>
            <dt className="text-stone-600 dark:text-stone-400">{status.cancel_at_period_end ? "Premium ends" : "Renews"}</dt>
            <dd>{periodEnd}</dd>
          </>
        ) : null}
      </dl>
      {status.status === "past_due" ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          Your last payment did not go through. Update your payment method to keep Premium.
        </p>
      ) : null}
      {status.is_premium || status.status === "past_due" ? (
        <div className="flex flex-wrap gap-2">
          {status.provider === "stripe" ? (
            <Button
              variant="secondary"
              onClick={() => portal.mutate(undefined, { onError: showError })}
              disabled={portal.isPending}
            >
              Manage or cancel
            </Button>
          ) : status.cancel_at_period_end ? (
            <Button onClick={() => changeTo("resume")} disabled={change.isPending}>
              Keep my plan
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setAsking(true)} disabled={change.isPending}>
              Cancel subscription
            </Button>
          )}
        </div>
      ) : null}
      <CancelDialog
        open={asking}
        busy={change.isPending}
        onClose={() => setAsking(false)}
        onCancel={(reason) => changeTo("cancel", reason)}
      />
    </Card>
  );
}

function PlanChooser() {
  const [chosen, setChosen] = useState<PlanId>("premium_annual");
  const checkout = useStartCheckout();
  const group = useRef<HTMLDivElement>(null);
  // One tab stop; the arrow keys move the choice, as in any radio group.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const at = PLANS.findIndex((p) => p.id === chosen);
    const next = PLANS[(at + step + PLANS.length) % PLANS.length]!;
    setChosen(next.id);
    group.current?.querySelector<HTMLButtonElement>(`[data-plan="${next.id}"]`)?.focus();
  };
  return (
    <Card className="space-y-4">
      <h2 id="choose-plan" className="text-lg font-semibold">
        Choose your plan
      </h2>
      <div
        ref={group}
        role="radiogroup"
        aria-labelledby="choose-plan"
        className="grid gap-3 sm:grid-cols-2"
        onKeyDown={onKeyDown}
      >
        {PLANS.map((plan) => {
          const selected = plan.id === chosen;
          return (
            <button
              key={plan.id}
              type="button"
              role="radio"
              data-plan={plan.id}
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(plan.id)}
              className={cn(
                "relative rounded-xl border-2 p-4 pr-11 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pasture-600",
                selected
                  ? "border-pasture-600 bg-pasture-50 shadow-sm dark:border-gold-400 dark:bg-stone-800"
                  : "border-stone-300 hover:border-stone-400 dark:border-stone-700",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-4 right-4 flex h-5 w-5 items-center justify-center rounded-full border-2",
                  selected ? "border-pasture-600 bg-pasture-600 dark:border-gold-400 dark:bg-gold-400" : "border-stone-400",
                )}
              >
                {selected ? <Check className="h-3 w-3 text-white dark:text-stone-900" strokeWidth={3} /> : null}
              </span>
              <span className="block font-semibold">{plan.name}</span>
              <span className="block text-2xl font-semibold text-pasture-800 dark:text-gold-300">
                {formatPrice(plan.priceCents)}
                <span className="text-sm font-normal text-stone-600 dark:text-stone-400"> / {plan.interval}</span>
              </span>
              <span className="mt-1 block text-sm text-stone-700 dark:text-stone-300">{plan.blurb}</span>
            </button>
          );
        })}
      </div>
      <Button
        size="lg"
        className="w-full"
        onClick={() => checkout.mutate(chosen, { onError: showError })}
        disabled={checkout.isPending}
      >
        {checkout.isPending ? "Opening checkout..." : `Start 14-day free trial of ${planById(chosen)?.name ?? "Premium"}`}
      </Button>
    </Card>
  );
}

function Benefits() {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">What Premium unlocks</h2>
      <ul className="space-y-2">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2 text-stone-800 dark:text-stone-200">
            <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-pasture-600" />
            {benefit}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function UsageCard() {
  const usage = useUsage();
  if (!usage.data) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">This month</h2>
      <ul className="divide-y divide-stone-200 text-sm dark:divide-stone-800">
        {usageLines(usage.data.features).map((line) => (
          <li key={line.feature} className="py-2">
            <p>{line.text}</p>
            {line.warning ? <p className="mt-1 text-amber-800 dark:text-amber-300">{line.warning}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
