import { Crown, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { customPlanTitle, READING_STYLES, SEASONS, type CustomPlanBrief } from "@shepherd/shared/path";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PREMIUM_ONLY_MESSAGE } from "@shepherd/shared/usage";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError, errorMessage } from "@/lib/api";
import { useCreateCustomPlan } from "@/features/path/api/create-custom-plan";
import { stepPath, WizardFrame } from "./wizard-frame";

function Answer({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-sm text-stone-600 dark:text-stone-400">{term}</dt>
      <dd className="break-words text-stone-900 dark:text-stone-100">{children}</dd>
    </div>
  );
}

function Section(props: { title: string; step: string; children: ReactNode }) {
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-pasture-900 dark:text-stone-50">{props.title}</h2>
        <Link
          to={stepPath(props.step)}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-pasture-700 hover:bg-stone-100 dark:text-gold-300 dark:hover:bg-stone-800"
        >
          <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
          Edit<span className="sr-only"> {props.title.toLowerCase()}</span>
        </Link>
      </div>
      <dl className="space-y-3">{props.children}</dl>
    </Card>
  );
}

const notSaid = <span className="text-stone-600 dark:text-stone-400">Not said</span>;

/** Why "Create my plan" did not work, and what he can do: try again (his answers are all kept), or see Premium. */
function CreateFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (error instanceof ApiError && error.code === "PREMIUM_REQUIRED") {
    return (
      <Card role="alert" className="space-y-3 border-gold-400">
        <p className="flex items-start gap-2 font-medium">
          <Crown aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
          {PREMIUM_ONLY_MESSAGE}
        </p>
        <Link to="/subscription" className="font-medium text-pasture-700 hover:underline dark:text-gold-300">
          See Premium
        </Link>
      </Card>
    );
  }
  // A 400 names every answer the server could not take; its message is the first of them.
  const issues = error instanceof ApiError ? (error.issues ?? []) : [];
  return (
    <Card className="space-y-3 border-red-300 dark:border-red-900">
      <div role="alert" className="space-y-1">
        <p className="font-semibold text-red-800 dark:text-red-300">Your plan was not created.</p>
        {issues.length > 1 ? null : (
          <p className="text-stone-800 dark:text-stone-200">
            {error instanceof ApiError ? errorMessage(error) : "Shepherd could not be reached. Check your connection."}
          </p>
        )}
        {issues.length > 1 ? (
          <ul className="list-disc pl-5 text-sm text-stone-700 dark:text-stone-300">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm text-stone-600 dark:text-stone-400">Your answers are kept.</p>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </Card>
  );
}

/** Step 4 of 4: every answer on one page, each part with Edit, the title the plan will have, then "Create my plan". */
export function ReviewStep({ brief }: { brief: CustomPlanBrief }) {
  const navigate = useNavigate();
  const create = useCreateCustomPlan();
  const title = customPlanTitle(brief, focusThemeLabel);
  const submit = () => create.mutate(brief, { onSuccess: () => void navigate("/path") });
  return (
    <WizardFrame step="review" lead="Check your answers. Nothing is made until you press Create my plan.">
      <Card className="space-y-1 border-gold-400 bg-gold-300/20 dark:bg-stone-800">
        <p className="text-sm text-stone-700 dark:text-stone-300">Your plan will be called</p>
        <p className="font-serif text-xl font-semibold text-pasture-900 dark:text-gold-300" data-testid="plan-title-preview">
          {title}
        </p>
      </Card>
      <Section title="Basics" step="basics">
        <Answer term="What you want to grow in">{brief.themes.map(focusThemeLabel).join(", ")}</Answer>
        <Answer term="Your goal">{brief.goal}</Answer>
        <Answer term="Length">{brief.days} days</Answer>
      </Section>
      <Section title="Your season" step="context">
        <Answer term="Season of life">{SEASONS.find((s) => s.id === brief.season)?.label}</Answer>
        <Answer term="What is hard right now">{brief.hard_now || notSaid}</Answer>
        <Answer term="What has helped you before">{brief.helped_before || notSaid}</Answer>
      </Section>
      <Section title="Your days" step="preferences">
        <Answer term="Minutes a day">{brief.minutes_per_day} minutes</Answer>
        <Answer term="Reading style">{READING_STYLES.find((s) => s.id === brief.style)?.label}</Answer>
        <Answer term="Daily challenge">{brief.challenge ? "Yes" : "No"}</Answer>
        <Answer term="Listen to each day">{brief.audio ? "Yes" : "No"}</Answer>
      </Section>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Your plan is written day by day after you create it, usually within a few minutes. You can keep using Shepherd meanwhile:
        we will tell you when it is ready.
      </p>
      {create.isError ? <CreateFailure error={create.error} onRetry={submit} retrying={create.isPending} /> : null}
      <div className="flex items-center justify-between gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
        <Button variant="ghost" size="lg" onClick={() => void navigate(stepPath("preferences"))}>
          Back
        </Button>
        <Button size="lg" onClick={submit} disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create my plan"}
        </Button>
      </div>
    </WizardFrame>
  );
}
