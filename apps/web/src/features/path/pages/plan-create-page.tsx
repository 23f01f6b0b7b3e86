import { useState } from "react";
import { Navigate, useLocation } from "react-router";
import { useDocumentTitle } from "@/lib/document-title";
import { BasicsStep, ContextStep, PreferencesStep } from "../components/create/question-steps";
import { ReviewStep } from "../components/create/review-step";
import { stepPath, STEP_INFO } from "../components/create/wizard-frame";
import { WizardIntro } from "../components/create/wizard-intro";
import { PremiumGate } from "../components/premium-gate";
import { allowedStep, draftBrief, loadDraft, saveDraft, WIZARD_STEP_COUNT, type PlanDraft, type WizardStep } from "../plan-draft";

type Page = WizardStep | "intro";

function pageOf(pathname: string): Page {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return last === "basics" || last === "context" || last === "preferences" || last === "review" ? last : "intro";
}

function titleOf(page: Page): string {
  if (page === "intro") return "Create your own plan";
  const { number, name } = STEP_INFO[page];
  return `${name} (step ${number} of ${WIZARD_STEP_COUNT}): Create your own plan`;
}

/** The steps, with his answers kept in browser storage on every change. */
function Wizard({ page }: { page: Page }) {
  const [draft, setDraft] = useState<PlanDraft>(() => loadDraft(window.localStorage));
  const update = (changes: Partial<PlanDraft>) => {
    const next = { ...draft, ...changes };
    saveDraft(window.localStorage, next);
    setDraft(next);
  };
  if (page === "intro") return <WizardIntro />;
  // A step whose earlier steps are not done yet opens the first unfinished one.
  const allowed = allowedStep(page, draft);
  if (allowed !== page) return <Navigate to={stepPath(allowed)} replace />;
  if (page === "basics") return <BasicsStep key={page} draft={draft} update={update} />;
  if (page === "context") return <ContextStep key={page} draft={draft} update={update} />;
  if (page === "preferences") return <PreferencesStep key={page} draft={draft} update={update} />;
  const brief = draftBrief(draft);
  return brief ? <ReviewStep brief={brief} /> : <Navigate to={stepPath("basics")} replace />;
}

/**
 * /path/create, /basics, /context, /preferences, /review: the creation wizard (Premium: custom_plan). A free member
 * sees the spec's Premium message and the way to upgrade on every one of them.
 */
export function PlanCreatePage() {
  const page = pageOf(useLocation().pathname);
  useDocumentTitle(titleOf(page));
  return (
    <PremiumGate title="Create your own plan">
      <Wizard page={page} />
    </PremiumGate>
  );
}
