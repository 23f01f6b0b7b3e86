import { Check } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { UpdateProfileInput } from "@shepherd/shared/api";
import { nextOnboardingStep, type OnboardingStep } from "@shepherd/shared/redirects";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { showError } from "@/lib/toast";
import { OnboardingShell } from "./onboarding-shell";

function ToggleChip(props: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className={cn(
        "flex min-h-12 items-center justify-between gap-2 rounded-xl border px-4 py-2 text-left text-sm font-medium transition-colors",
        props.pressed
          ? "border-pasture-600 bg-pasture-50 text-pasture-900 dark:bg-stone-800 dark:text-gold-300"
          : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200",
      )}
    >
      {props.children}
      {props.pressed ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
    </button>
  );
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A step where he picks one or more from a list (focus areas, current topics), saved to his profile. */
export function ChoiceStep<T extends string>(props: {
  step: OnboardingStep;
  title: string;
  lead: ReactNode;
  /** The accessible name of the list. */
  label: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  /** What he chose before (his profile), until he changes it. */
  saved: T[];
  changes: (selected: T[]) => UpdateProfileInput;
}) {
  const [chosen, setChosen] = useState<T[] | null>(null);
  const selected = chosen ?? props.saved;
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const onContinue = () =>
    update.mutate(props.changes(selected), {
      onSuccess: () => navigate(nextOnboardingStep(props.step)),
      onError: showError,
    });
  return (
    <OnboardingShell step={props.step} title={props.title} lead={props.lead}>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label={props.label}>
        {props.options.map((option) => (
          <ToggleChip
            key={option.id}
            pressed={selected.includes(option.id)}
            onClick={() => setChosen(toggle(selected, option.id))}
          >
            {option.label}
          </ToggleChip>
        ))}
      </div>
      <Button size="lg" className="mt-8" disabled={selected.length === 0 || update.isPending} onClick={onContinue}>
        {selected.length === 0 ? "Choose at least one" : "Continue"}
      </Button>
    </OnboardingShell>
  );
}
