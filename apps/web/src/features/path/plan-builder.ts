import { BUILDER_LIMITS, type BuilderDay, type BuilderPlan, type BuilderPlanInput } from "@shepherd/shared/path";
import { FOCUS_THEME_IDS, type FocusThemeId } from "@shepherd/shared/themes";

/**
 * The plan builder's editor state (/path/builder?plan=...): the plan's fields and its days in order, each day with a key
 * of its own so a reorder moves its fields, its errors and its focus with it. Saving sends the days without their keys
 * and without empty reference or question boxes; the server's messages come back as "days.1.passages.0: ..." and are
 * put back on the box they name. A local copy of unsaved edits is kept per plan in browser storage.
 */

/** The list boxes of a day: passages and other references (up to their limits), and its one or two questions. */
export interface EditorDay {
  key: string;
  title: string;
  passages: string[];
  references: string[];
  reading: string;
  questions: string[];
  challenge: string;
  prayer: string;
}

export interface EditorPlan {
  title: string;
  promise: string;
  description: string;
  theme: FocusThemeId;
  minutes_per_day: number;
  days: EditorDay[];
}

export type PlanField = "title" | "promise" | "description" | "theme" | "minutes_per_day";
export const PLAN_FIELDS: readonly PlanField[] = ["title", "promise", "description", "theme", "minutes_per_day"];
export type DayField = Exclude<keyof EditorDay, "key">;
/** A day's fields in the order the editor shows them (focus goes to the first with a message). */
export const DAY_FIELDS: readonly DayField[] = ["title", "passages", "references", "reading", "questions", "challenge", "prayer"];
export type ListField = "passages" | "references" | "questions";
const LIST_FIELDS: readonly ListField[] = ["passages", "references", "questions"];

let nextKey = 0;
/** A key for a day in this page's life (not stored: a reload gives fresh ones). */
export const newDayKey = () => `day${++nextKey}`;

/** A new day: every box empty, with one passage box and one question box to type in. */
export function blankDay(): EditorDay {
  return { key: newDayKey(), title: "", passages: [""], references: [], reading: "", questions: [""], challenge: "", prayer: "" };
}

function toEditorDay(day: Partial<BuilderDay>): EditorDay {
  const passages = day.passages ?? [];
  const questions = day.questions ?? [];
  return {
    key: newDayKey(),
    title: day.title ?? "",
    passages: passages.length ? [...passages] : [""],
    references: [...(day.references ?? [])],
    reading: day.reading ?? "",
    questions: questions.length ? [...questions] : [""],
    challenge: day.challenge ?? "",
    prayer: day.prayer ?? "",
  };
}

export function fromBuilderPlan(plan: BuilderPlan): EditorPlan {
  return {
    title: plan.title,
    promise: plan.promise,
    description: plan.description,
    theme: plan.theme,
    minutes_per_day: plan.minutes_per_day,
    days: plan.days.map(toEditorDay),
  };
}

const filled = (values: string[]) => values.map((value) => value.trim()).filter((value) => value !== "");

/** What "Save as draft" sends: the days in order, trimmed as the server keeps them, empty boxes left out. */
export function toSaveBody(plan: EditorPlan): BuilderPlanInput {
  return {
    title: plan.title.trim(),
    promise: plan.promise.trim(),
    description: plan.description.trim(),
    theme: plan.theme,
    minutes_per_day: plan.minutes_per_day,
    days: plan.days.map((day) => ({
      title: day.title.trim(),
      passages: filled(day.passages),
      references: filled(day.references),
      reading: day.reading.trim(),
      questions: filled(day.questions),
      challenge: day.challenge.trim(),
      prayer: day.prayer.trim(),
    })),
  };
}

/** Whether the editor holds something the server does not have (empty boxes do not count). */
export function samePlan(a: EditorPlan, b: EditorPlan): boolean {
  return JSON.stringify(toSaveBody(a)) === JSON.stringify(toSaveBody(b));
}

// --- Days: add, remove, move ------------------------------------------------------------------------------------------

export const canAddDay = (plan: EditorPlan) => plan.days.length < BUILDER_LIMITS.days.max;
export const canRemoveDay = (plan: EditorPlan) => plan.days.length > BUILDER_LIMITS.days.min;

/** A blank day after `after` (at the end when not given). */
export function addDay(plan: EditorPlan, after = plan.days.length - 1): EditorPlan {
  if (!canAddDay(plan)) return plan;
  const days = [...plan.days];
  days.splice(after + 1, 0, blankDay());
  return { ...plan, days };
}

export function removeDay(plan: EditorPlan, index: number): EditorPlan {
  if (!canRemoveDay(plan) || index < 0 || index >= plan.days.length) return plan;
  return { ...plan, days: plan.days.filter((_, i) => i !== index) };
}

/** The day at `from` taken out and put back at `to` (both 0-based); out of range leaves the plan as it is. */
export function moveDay(plan: EditorPlan, from: number, to: number): EditorPlan {
  const last = plan.days.length - 1;
  if (from === to || from < 0 || to < 0 || from > last || to > last) return plan;
  const days = [...plan.days];
  const [moved] = days.splice(from, 1);
  days.splice(to, 0, moved!);
  return { ...plan, days };
}

/** What a screen reader hears after a move (1-based, as he reads the days). */
export const moveAnnouncement = (from: number, to: number) => `Day ${from + 1} moved to day ${to + 1}`;

export function updateDay(plan: EditorPlan, key: string, changes: Partial<Omit<EditorDay, "key">>): EditorPlan {
  return { ...plan, days: plan.days.map((day) => (day.key === key ? { ...day, ...changes } : day)) };
}

/** How many boxes of a list a day may have. */
export const LIST_LIMITS: Record<ListField, number> = {
  passages: BUILDER_LIMITS.passages,
  references: BUILDER_LIMITS.references,
  questions: BUILDER_LIMITS.questions,
};

// --- The server's messages, put back on the boxes they name -----------------------------------------------------------

/**
 * Where a message belongs: a plan field ("plan.title"), a day's field ("day3.prayer") or one box of a day's list
 * ("day3.passages.1", counted among all its boxes, empty ones too).
 */
export type FieldKey = string;
export const planFieldKey = (field: PlanField): FieldKey => `plan.${field}`;
export const dayFieldKey = (dayKey: string, field: DayField, index?: number): FieldKey =>
  index === undefined ? `${dayKey}.${field}` : `${dayKey}.${field}.${index}`;

export interface BuilderErrors {
  /** The first message for each field, by field key. */
  fields: Record<FieldKey, string>;
  /** Messages that name no field we show: shown above the editor. */
  general: string[];
}

export const NO_ERRORS: BuilderErrors = { fields: {}, general: [] };

/** The box a sent index stood for: the n-th non-empty box of the list. */
function boxIndex(values: string[], sent: number): number {
  let seen = -1;
  for (let i = 0; i < values.length; i++) {
    if (values[i]!.trim() !== "" && ++seen === sent) return i;
  }
  return sent;
}

const ISSUE = /^([a-z_]+(?:\.[a-z_0-9]+)*): (.+)$/s;

/** The server's issues ("days.1.passages.0: Day 2: ...", "promise: Say in a line ...") keyed to the editor's boxes. */
export function mapServerIssues(plan: EditorPlan, issues: readonly string[]): BuilderErrors {
  const errors: BuilderErrors = { fields: {}, general: [] };
  const put = (key: FieldKey, message: string) => {
    errors.fields[key] ??= message;
  };
  for (const issue of issues) {
    const match = ISSUE.exec(issue);
    const [path, message] = match ? [match[1]!.split("."), match[2]!] : [[], issue];
    const [head, dayIndex, field, box] = path;
    if (path.length === 1 && PLAN_FIELDS.includes(head as PlanField)) {
      put(planFieldKey(head as PlanField), message);
      continue;
    }
    const day = head === "days" && dayIndex !== undefined ? plan.days[Number(dayIndex)] : undefined;
    if (day && DAY_FIELDS.includes(field as DayField)) {
      const list = LIST_FIELDS.includes(field as ListField) ? (field as ListField) : null;
      if (list && box !== undefined) put(dayFieldKey(day.key, list, boxIndex(day[list], Number(box))), message);
      else put(dayFieldKey(day.key, field as DayField), message);
      continue;
    }
    errors.general.push(message);
  }
  return errors;
}

/** The first field with a message, in the order the page shows them (plan fields, then each day's, in order). */
export function firstErrorField(plan: EditorPlan, errors: BuilderErrors): { key: FieldKey; dayKey: string | null } | null {
  for (const field of PLAN_FIELDS) {
    if (errors.fields[planFieldKey(field)]) return { key: planFieldKey(field), dayKey: null };
  }
  for (const day of plan.days) {
    for (const field of DAY_FIELDS) {
      if (errors.fields[dayFieldKey(day.key, field)]) return { key: dayFieldKey(day.key, field), dayKey: day.key };
      const boxes = LIST_FIELDS.includes(field as ListField) ? day[field as ListField] : [];
      for (let i = 0; i < boxes.length; i++) {
        if (errors.fields[dayFieldKey(day.key, field, i)]) return { key: dayFieldKey(day.key, field, i), dayKey: day.key };
      }
    }
  }
  return null;
}

/** Whether a day has any message on it (its place in the list is marked). */
export const dayHasErrors = (errors: BuilderErrors, dayKey: string) =>
  Object.keys(errors.fields).some((key) => key.startsWith(`${dayKey}.`));

/** A field was changed: its message (and its boxes' messages) go until the next save says otherwise. */
export function clearFieldErrors(errors: BuilderErrors, key: FieldKey): BuilderErrors {
  const fields = Object.fromEntries(Object.entries(errors.fields).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
  return Object.keys(fields).length === Object.keys(errors.fields).length ? errors : { ...errors, fields };
}

/** The id of a field's control, for labels, focus and aria-describedby. */
export const fieldId = (key: FieldKey) => `builder-${key.replace(/\./g, "-")}`;

// --- The local copy of unsaved edits ----------------------------------------------------------------------------------

type LocalStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** One key per plan, versioned JSON: {"version":1,"plan":{...}} (days without their keys). */
export const localCopyKey = (planId: string) => `shepherd.builder.${planId}`;
const LOCAL_VERSION = 1;

export function saveLocalCopy(storage: LocalStorage, planId: string, plan: EditorPlan): void {
  try {
    const days = plan.days.map(({ key: _key, ...day }) => day);
    storage.setItem(localCopyKey(planId), JSON.stringify({ version: LOCAL_VERSION, plan: { ...plan, days } }));
  } catch (error) {
    // Storage full or switched off: the editor still holds everything, only a reload would lose it.
    console.error("Could not keep the plan's unsaved changes in this browser", error);
  }
}

export function clearLocalCopy(storage: LocalStorage, planId: string): void {
  storage.removeItem(localCopyKey(planId));
}

const isString = (value: unknown): value is string => typeof value === "string";
const strings = (value: unknown): string[] | null => (Array.isArray(value) && value.every(isString) ? value : null);

function storedDay(value: unknown): EditorDay | null {
  if (!value || typeof value !== "object") return null;
  const d = value as Record<string, unknown>;
  const [passages, references, questions] = [strings(d.passages), strings(d.references), strings(d.questions)];
  const texts = [d.title, d.reading, d.challenge, d.prayer];
  if (!passages || !references || !questions || !texts.every(isString)) return null;
  return {
    key: newDayKey(),
    title: d.title as string,
    passages,
    references,
    reading: d.reading as string,
    questions,
    challenge: d.challenge as string,
    prayer: d.prayer as string,
  };
}

/** The unsaved edits kept for this plan, or null when there are none (or they are not of this version's shape). */
export function loadLocalCopy(storage: LocalStorage, planId: string): EditorPlan | null {
  try {
    const stored = JSON.parse(storage.getItem(localCopyKey(planId)) ?? "null") as { version?: unknown; plan?: unknown } | null;
    if (stored?.version !== LOCAL_VERSION || !stored.plan || typeof stored.plan !== "object") return null;
    const p = stored.plan as Record<string, unknown>;
    const days = Array.isArray(p.days) ? p.days.map(storedDay) : null;
    const theme = FOCUS_THEME_IDS.find((id) => id === p.theme);
    if (!days?.length || days.some((d) => d === null) || !theme) return null;
    // Minutes left empty are stored as null (JSON has no NaN).
    const minutes = typeof p.minutes_per_day === "number" ? p.minutes_per_day : p.minutes_per_day === null ? NaN : undefined;
    if (![p.title, p.promise, p.description].every(isString) || minutes === undefined) return null;
    return {
      title: p.title as string,
      promise: p.promise as string,
      description: p.description as string,
      theme,
      minutes_per_day: minutes,
      days: days as EditorDay[],
    };
  } catch {
    return null;
  }
}
