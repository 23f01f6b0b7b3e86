import { useNavigate } from "react-router";
import { nextOnboardingStep } from "@shepherd/shared/redirects";
import type { PlanSummary } from "@shepherd/shared/path";
import { CURRENT_TOPICS, FOCUS_THEMES, focusThemeLabel } from "@shepherd/shared/themes";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Button } from "@/components/ui/button";
import { Loading, QueryState } from "@/components/ui/query-state";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useFollowPlan } from "@/lib/path";
import { returnToOr } from "@/lib/return-to";
import { useMe } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { useOnboardingPlans } from "../api/get-onboarding-plans";
import { ChoiceStep } from "../components/choice-step";
import { OnboardingShell } from "../components/onboarding-shell";
import { PlanChoices, PlanChoicesSkeleton } from "../components/plan-choices";
import { ProfileForm } from "../components/profile-form";

/** The onboarding steps, in the order of ONBOARDING_STEPS (packages/shared/src/redirects.ts); each is a lazy route. */

export function WelcomeStep() {
  const me = useMe();
  const navigate = useNavigate();
  const name = me.data?.profile.display_name ?? me.data?.user.name ?? "friend";
  return (
    <OnboardingShell
      step="welcome"
      title={`Welcome, ${name}`}
      lead="Shepherd walks with you each day: a short devotional, a moment to check in with God, and brothers who pray for you."
    >
      <ul className="mb-8 space-y-3 text-stone-800 dark:text-stone-200">
        <li>• One passage, one idea and one prayer every morning, in about ten minutes.</li>
        <li>• A private journal and check-in that only you can read.</li>
        <li>• A plan shaped around your season: marriage, fatherhood, work and more.</li>
      </ul>
      <p className="mb-6 text-sm text-stone-600 dark:text-stone-400">Setting up takes about two minutes.</p>
      <Button size="lg" onClick={() => navigate(nextOnboardingStep("welcome"))}>
        Let's begin
      </Button>
    </OnboardingShell>
  );
}

export function FocusStep() {
  const me = useMe();
  return (
    <ChoiceStep
      step="focus"
      title="Where do you want to grow?"
      lead="Choose the areas you want your devotionals to speak into. You can change these any time."
      label="Focus areas"
      options={FOCUS_THEMES}
      saved={me.data?.profile.focus ?? []}
      changes={(focus) => ({ focus })}
    />
  );
}

export function IntentionsStep() {
  const me = useMe();
  const focus = me.data?.profile.focus ?? [];
  return (
    <ChoiceStep
      step="intentions"
      title="What are you carrying right now?"
      lead={
        <>
          Pick what is true of this season. It shapes the passages and prayers you receive
          {focus.length ? ` alongside ${focus.map(focusThemeLabel).join(", ")}` : ""}.
        </>
      }
      label="Current topics"
      options={CURRENT_TOPICS}
      saved={me.data?.profile.current_topics ?? []}
      changes={(current_topics) => ({ current_topics })}
    />
  );
}

export function ProfileStep() {
  const me = useMe();
  if (!me.data) return <FullPageSpinner />;
  return (
    <ProfileForm
      displayName={me.data.profile.display_name ?? me.data.user.name}
      username={me.data.profile.username}
      avatarUrl={me.data.profile.avatar_url}
    />
  );
}

export function PlanSelectionStep() {
  const navigate = useNavigate();
  const plans = useOnboardingPlans();
  const follow = useFollowPlan();
  const next = () => navigate(nextOnboardingStep("plan-selection"));
  const start = (plan: PlanSummary) =>
    follow.mutate(
      { planId: plan.id },
      {
        onSuccess: () => {
          notify("Plan started", `Day 1 of ${plan.title} is waiting on Today.`);
          next();
        },
        onError: showError,
      },
    );
  return (
    <OnboardingShell
      step="plan-selection"
      title="Your first plan"
      lead="A plan walks one promise a day at a time: a short reading, a question and a small challenge. These fit what you chose."
    >
      <QueryState
        query={plans}
        loading={
          <Loading label="Finding plans for you">
            <PlanChoicesSkeleton />
          </Loading>
        }
        error="Couldn't load the plans. You can choose one later on The Path."
        look="plain"
      >
        {(choices) => (
          <PlanChoices plans={choices} starting={follow.isPending ? (follow.variables?.planId ?? null) : null} onStart={start} />
        )}
      </QueryState>
      <Button variant="secondary" size="lg" onClick={next} disabled={follow.isPending}>
        Skip for now
      </Button>
    </OnboardingShell>
  );
}

export function CompleteStep() {
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const onFinish = () =>
    complete.mutate(undefined, {
      onSuccess: () => {
        notify("You're all set", "Your first devotional is waiting.");
        navigate(returnToOr("/"), { replace: true });
      },
      onError: showError,
    });
  return (
    <OnboardingShell
      step="complete"
      title="You're ready"
      lead="Every morning a devotional will be waiting. Ten quiet minutes is enough."
    >
      <blockquote className="mb-8 border-l-4 border-gold-400 pl-4 font-serif text-lg italic text-stone-800 dark:text-stone-200">
        "Yahweh is my shepherd: I shall lack nothing." <span className="not-italic text-sm">Psalm 23:1</span>
      </blockquote>
      <Button size="lg" onClick={onFinish} disabled={complete.isPending || complete.isSuccess}>
        {complete.isPending || complete.isSuccess ? "Finishing..." : "Begin"}
      </Button>
      <UpgradePrompt context="profile_completion" variant="banner" className="mt-10" />
    </OnboardingShell>
  );
}
