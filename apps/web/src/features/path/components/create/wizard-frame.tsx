import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  STEP_FIELDS,
  stepErrors,
  WIZARD_STEP_COUNT,
  type DraftField,
  type FieldErrors,
  type FormStep,
  type PlanDraft,
  type WizardStep,
} from "@/features/path/plan-draft";

/** Each step's place, its heading and where Back and Next lead. */
export const STEP_INFO: Record<WizardStep, { number: number; name: string; title: string; back: string; next?: string }> = {
  basics: { number: 1, name: "Basics", title: "What do you want to grow in?", back: "/path/create", next: "context" },
  context: { number: 2, name: "Your season", title: "Where are you right now?", back: "basics", next: "preferences" },
  preferences: { number: 3, name: "Your days", title: "How do you like to read?", back: "context", next: "review" },
  review: { number: 4, name: "Review", title: "Review your plan", back: "preferences" },
};

export const stepPath = (step: string) => (step.startsWith("/") ? step : `/path/create/${step}`);

/** "Step 2 of 4", in words and as a bar. */
export function StepIndicator({ step }: { step: WizardStep }) {
  const { number, name } = STEP_INFO[step];
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-stone-700 dark:text-stone-300">
        Step {number} of {WIZARD_STEP_COUNT}
        <span className="text-stone-600 dark:text-stone-400"> · {name}</span>
      </p>
      <div aria-hidden="true" className="flex gap-1.5">
        {Array.from({ length: WIZARD_STEP_COUNT }, (_, i) => (
          <span
            key={i}
            className={cn("h-1.5 flex-1 rounded-full", i < number ? "bg-pasture-600" : "bg-stone-200 dark:bg-stone-700")}
          />
        ))}
      </div>
    </div>
  );
}

/** The frame every step shares: the way back to The Path, the step indicator and the step's heading. */
export function WizardFrame(props: { step: WizardStep; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        ← The Path
      </Link>
      <StepIndicator step={props.step} />
      <header className="space-y-1">
        <h1 className="font-serif text-2xl font-semibold text-pasture-900 sm:text-3xl dark:text-stone-50">
          {STEP_INFO[props.step].title}
        </h1>
        {props.lead ? <p className="text-stone-700 dark:text-stone-300">{props.lead}</p> : null}
      </header>
      {props.children}
    </div>
  );
}

export interface StepForm {
  /** The field's message once he has been there or pressed Next. */
  error: (field: DraftField) => string | undefined;
  /** A choice changed: kept, and checked at once. */
  choose: (changes: Partial<PlanDraft>) => void;
  /** Typing: kept on every key, checked once he leaves the field. */
  type: (changes: Partial<PlanDraft>) => void;
  leave: (field: DraftField) => void;
  /** Where Next sends focus when this field is not right. */
  register: (field: DraftField) => (element: HTMLElement | null) => void;
}

/**
 * A question step: its fields checked with the step's shared schema as he goes, Back, and Next, which moves on when
 * the step is right and otherwise shows every message and puts focus on the first field to fix.
 */
export function StepFormFrame(props: {
  step: FormStep;
  draft: PlanDraft;
  update: (changes: Partial<PlanDraft>) => void;
  lead?: ReactNode;
  children: (form: StepForm) => ReactNode;
}) {
  const navigate = useNavigate();
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const fields = useRef(new Map<DraftField, HTMLElement>());
  const errors: FieldErrors = stepErrors(props.step, props.draft);
  const info = STEP_INFO[props.step];
  const touch = (field: DraftField) => setTouched((before) => (before.has(field) ? before : new Set(before).add(field)));

  const form: StepForm = {
    error: (field) => (submitted || touched.has(field) ? errors[field] : undefined),
    choose: (changes) => {
      props.update(changes);
      for (const field of Object.keys(changes) as DraftField[]) touch(field);
    },
    type: props.update,
    leave: touch,
    register: (field) => (element) => {
      if (element) fields.current.set(field, element);
      else fields.current.delete(field);
    },
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const firstWrong = STEP_FIELDS[props.step].find((field) => errors[field]);
    if (!firstWrong) {
      void navigate(stepPath(info.next!));
      return;
    }
    setSubmitted(true);
    fields.current.get(firstWrong)?.focus();
  };

  return (
    <WizardFrame step={props.step} lead={props.lead}>
      <form noValidate onSubmit={next} className="space-y-8">
        {props.children(form)}
        <div className="flex items-center justify-between gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
          <Button variant="ghost" size="lg" onClick={() => void navigate(stepPath(info.back))}>
            Back
          </Button>
          <Button type="submit" size="lg">
            Next
          </Button>
        </div>
      </form>
    </WizardFrame>
  );
}
