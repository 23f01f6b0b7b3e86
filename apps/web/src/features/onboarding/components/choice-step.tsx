import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { UpdateProfileInput } from "@shepherd/shared/api";
import { nextOnboardingStep, type OnboardingStep } from "@shepherd/shared/redirects";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { Button } from "@/components/ui/button";
import { ToggleChips } from "@/components/ui/toggle-chips";
import { showError } from "@/lib/toast";
import { OnboardingShell } from "./onboarding-shell";

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
      <ToggleChips label={props.label} options={props.options} selected={selected} onChange={setChosen} />
      <Button size="lg" className="mt-8" disabled={selected.length === 0 || update.isPending} onClick={onContinue}>
        {selected.length === 0 ? "Choose at least one" : "Continue"}
      </Button>
    </OnboardingShell>
  );
}
