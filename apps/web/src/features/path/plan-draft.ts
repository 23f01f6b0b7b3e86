import {
  customPlanBasics,
  customPlanBrief,
  customPlanContext,
  customPlanPreferences,
  READING_STYLES,
  SEASONS,
  type CustomPlanBrief,
  type ReadingStyle,
  type SeasonId,
} from "@shepherd/shared/path";
import { FOCUS_THEME_IDS, type FocusThemeId } from "@shepherd/shared/themes";

/**
 * The creation wizard's answers while he gives them (/path/create/...): kept in browser storage on every change, so
 * going back, reloading or leaving and coming back loses nothing; cleared once the plan is made. Each step is checked
 * with the shared schema the server checks the brief with.
 */

/** One key, versioned JSON: {"version":1,"answers":{...}}. */
export const PLAN_DRAFT_KEY = "shepherd.planDraft";
const DRAFT_VERSION = 1;

export interface PlanDraft {
  themes: FocusThemeId[];
  goal: string;
  days: number | null;
  season: SeasonId | null;
  hard_now: string;
  helped_before: string;
  minutes_per_day: number | null;
  style: ReadingStyle | null;
  challenge: boolean;
  audio: boolean;
}

export type DraftField = keyof PlanDraft;

export const EMPTY_DRAFT: PlanDraft = {
  themes: [],
  goal: "",
  days: 7,
  season: null,
  hard_now: "",
  helped_before: "",
  minutes_per_day: 10,
  style: null,
  challenge: true,
  audio: false,
};

/** The steps with questions, in order; the review is the fourth. */
export const FORM_STEPS = ["basics", "context", "preferences"] as const;
export type FormStep = (typeof FORM_STEPS)[number];
export type WizardStep = FormStep | "review";
export const WIZARD_STEP_COUNT = 4;

/** Each step's fields, in the order they appear (focus goes to the first invalid one). */
export const STEP_FIELDS: Record<FormStep, readonly DraftField[]> = {
  basics: ["themes", "goal", "days"],
  context: ["season", "hard_now", "helped_before"],
  preferences: ["minutes_per_day", "style", "challenge", "audio"],
};

const STEP_SCHEMAS = { basics: customPlanBasics, context: customPlanContext, preferences: customPlanPreferences };

export type FieldErrors = Partial<Record<DraftField, string>>;

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const SEASON_IDS = SEASONS.map((s) => s.id);
const STYLE_IDS = READING_STYLES.map((s) => s.id);

const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const oneOf = <T extends string>(ids: readonly T[], value: unknown): T | null => (ids.includes(value as T) ? (value as T) : null);

/** What was stored, field by field: anything of the wrong shape (an older version, another app's value) is left out. */
function draftFrom(answers: Record<string, unknown>): PlanDraft {
  const themes = Array.isArray(answers.themes)
    ? answers.themes.filter((t): t is FocusThemeId => oneOf(FOCUS_THEME_IDS, t) !== null)
    : EMPTY_DRAFT.themes;
  return {
    themes: [...new Set(themes)],
    goal: isString(answers.goal) ? answers.goal : EMPTY_DRAFT.goal,
    days: isNumber(answers.days) || answers.days === null ? (answers.days as number | null) : EMPTY_DRAFT.days,
    season: oneOf(SEASON_IDS, answers.season),
    hard_now: isString(answers.hard_now) ? answers.hard_now : "",
    helped_before: isString(answers.helped_before) ? answers.helped_before : "",
    minutes_per_day:
      isNumber(answers.minutes_per_day) || answers.minutes_per_day === null
        ? (answers.minutes_per_day as number | null)
        : EMPTY_DRAFT.minutes_per_day,
    style: oneOf(STYLE_IDS, answers.style),
    challenge: typeof answers.challenge === "boolean" ? answers.challenge : EMPTY_DRAFT.challenge,
    audio: typeof answers.audio === "boolean" ? answers.audio : EMPTY_DRAFT.audio,
  };
}

export function loadDraft(storage: DraftStorage): PlanDraft {
  try {
    const stored = JSON.parse(storage.getItem(PLAN_DRAFT_KEY) ?? "null") as { version?: unknown; answers?: unknown } | null;
    if (stored?.version === DRAFT_VERSION && stored.answers && typeof stored.answers === "object") {
      return draftFrom(stored.answers as Record<string, unknown>);
    }
  } catch {
    // not JSON: start afresh
  }
  return EMPTY_DRAFT;
}

export function saveDraft(storage: DraftStorage, draft: PlanDraft): void {
  try {
    storage.setItem(PLAN_DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, answers: draft }));
  } catch (error) {
    // Storage full or switched off: the wizard still works, only a reload would lose the answers.
    console.error("Could not keep the plan's answers in this browser", error);
  }
}

export function clearDraft(storage: DraftStorage): void {
  storage.removeItem(PLAN_DRAFT_KEY);
}

/** A step's answers as its schema reads them: not chosen yet (null) is missing. */
function stepInput(step: FormStep, draft: PlanDraft): Record<string, unknown> {
  return Object.fromEntries(STEP_FIELDS[step].map((field) => [field, draft[field] ?? undefined]));
}

/** The first message for each field of the step that is not right yet ({} when the step is done). */
export function stepErrors(step: FormStep, draft: PlanDraft): FieldErrors {
  const result = STEP_SCHEMAS[step].safeParse(stepInput(step, draft));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DraftField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function stepDone(step: FormStep, draft: PlanDraft): boolean {
  return Object.keys(stepErrors(step, draft)).length === 0;
}

/** The first step with something still to answer, or null when all three are done. */
export function firstUnfinishedStep(draft: PlanDraft): FormStep | null {
  return FORM_STEPS.find((step) => !stepDone(step, draft)) ?? null;
}

/**
 * Where a visit to `step` belongs: the step itself when every earlier step is done, else the first unfinished one
 * (the review needs all three).
 */
export function allowedStep(step: WizardStep, draft: PlanDraft): WizardStep {
  const unfinished = firstUnfinishedStep(draft);
  if (unfinished === null) return step;
  const at = step === "review" ? FORM_STEPS.length : FORM_STEPS.indexOf(step);
  return FORM_STEPS.indexOf(unfinished) < at ? unfinished : step;
}

/** The brief "Create my plan" sends (trimmed as the server reads it), or null while a step is unfinished. */
export function draftBrief(draft: PlanDraft): CustomPlanBrief | null {
  const result = customPlanBrief.safeParse({
    ...stepInput("basics", draft),
    ...stepInput("context", draft),
    ...stepInput("preferences", draft),
  });
  return result.success ? result.data : null;
}
