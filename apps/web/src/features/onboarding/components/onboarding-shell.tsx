import type { ReactNode } from "react";
import { ONBOARDING_STEPS, type OnboardingStep } from "@shepherd/shared/redirects";
import { LogoMark } from "@/components/ui/logo-mark";
import { cn } from "@/lib/cn";

/** Every onboarding step: the logo, how far along he is, the step's title and lead, and its content. */
export function OnboardingShell(props: { step: OnboardingStep; title: string; lead: ReactNode; children: ReactNode }) {
  const index = ONBOARDING_STEPS.indexOf(props.step);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 py-8">
      <div className="mb-8 flex items-center gap-3">
        <LogoMark className="h-9 w-9" />
        <div
          className="flex flex-1 gap-1.5"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={ONBOARDING_STEPS.length}
          aria-valuenow={index + 1}
          aria-valuetext={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`}
        >
          {ONBOARDING_STEPS.map((s, i) => (
            <span
              key={s}
              className={cn("h-1.5 flex-1 rounded-full", i <= index ? "bg-pasture-600" : "bg-stone-200 dark:bg-stone-700")}
            />
          ))}
        </div>
      </div>
      <h1 className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">{props.title}</h1>
      <div className="mt-2 mb-6 text-stone-700 dark:text-stone-300">{props.lead}</div>
      {props.children}
    </main>
  );
}
