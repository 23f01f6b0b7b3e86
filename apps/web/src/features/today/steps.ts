/**
 * The morning as steps: Read, Reflect, Pray, Check in. They guide; none is a gate (Mark Complete is always there).
 * A step is done when he has done what it asks: read to the end of the text (or listened to the end), saved a journal
 * entry on the question, prayed the prayer ("I prayed this"), checked in.
 */

export const MORNING_STEPS = [
  { id: "read", label: "Read" },
  { id: "reflect", label: "Reflect" },
  { id: "pray", label: "Pray" },
  { id: "checkin", label: "Check in" },
] as const;

export type StepId = (typeof MORNING_STEPS)[number]["id"];

export interface MorningStep {
  id: StepId;
  label: string;
  done: boolean;
  /** The first step not yet done: where he is. */
  current: boolean;
}

export interface MorningProgress {
  steps: MorningStep[];
  doneCount: number;
  total: number;
  current: MorningStep | null;
}

export function morningProgress(done: Record<StepId, boolean>): MorningProgress {
  const firstOpen = MORNING_STEPS.findIndex((s) => !done[s.id]);
  const steps = MORNING_STEPS.map((s, i) => ({ id: s.id, label: s.label, done: done[s.id], current: i === firstOpen }));
  return {
    steps,
    doneCount: steps.filter((s) => s.done).length,
    total: steps.length,
    current: steps.find((s) => s.current) ?? null,
  };
}

/** "2 of 4 steps done · Next: Pray", or "All 4 steps done". */
export function progressSummary(progress: MorningProgress): string {
  if (!progress.current) return `All ${progress.total} steps done`;
  return `${progress.doneCount} of ${progress.total} steps done · Next: ${progress.current.label}`;
}

export const READING_WORDS_PER_MINUTE = 200;

/** Minutes to read the devotional (passage, text, question and prayer) at an unhurried 200 words a minute; at least 1. */
export function readingMinutes(devotional: {
  passage_text: string;
  content: string;
  reflection: string;
  prayer: string;
}): number {
  const words = [devotional.passage_text, devotional.content, devotional.reflection, devotional.prayer]
    .join(" ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}
