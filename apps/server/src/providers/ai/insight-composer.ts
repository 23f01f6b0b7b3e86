import { createHash } from "node:crypto";
import {
  compareStats,
  FOCUS_THEME_IDS,
  INSIGHT_PERIODS,
  moodNear,
  needsCare,
  topFocusAreas,
  type MetricChange,
  type PeriodStats,
} from "@shepherd/shared";
import type { InsightDraft, InsightRequest } from "./ai";
import type { InsightContent } from "./library";

/**
 * The offline insight writer: a reflection on a week or a month from his numbers (what rose, what fell), the themes that
 * recur in his journal, an encouragement and a passage that fits, all from the sentences in content/insights.json.
 * Choices are deterministic per member and period. The same rules check a model's insight (openai.ts), so whichever
 * wrote it, an insight reads within them: see `insightRuleBreaks`.
 */

const hashNumber = (input: string) => createHash("sha256").update(input).digest().readUInt32BE(0);

export type Situation = "rose" | "fell" | "steady" | "first" | "care";

/** The limits every insight keeps (CONTENT.md's tone; short enough to read in a minute). */
export const INSIGHT_LIMITS = {
  headlineWords: 12,
  headlineChars: 90,
  partChars: 420,
  partSentences: 3,
} as const;

/** Guilt framing CONTENT.md rules out ("never 'you broke your streak', never a count of missed days"). */
export const INSIGHT_GUILT =
  /\b(you\s+(missed|skipped|forgot|failed|neglected|broke|should\s+have|ought\s+to\s+have|let\s+(him|her|them|god)\s+down)|missed\s+days?|days?\s+missed|broke\s+your\s+streak|lost\s+your\s+streak)\b/i;

const sentences = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?…]["'”’)]*)\s+/)
    .filter((s) => /[A-Za-z0-9]/.test(s)).length;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The rules an insight's words keep; answers what each part breaks (empty when it keeps them all). */
export function insightRuleBreaks(draft: Omit<InsightDraft, "scripture">): string[] {
  const problems: string[] = [];
  const headline = draft.headline.trim();
  if (!headline) problems.push("headline is empty");
  if (words(headline) > INSIGHT_LIMITS.headlineWords || headline.length > INSIGHT_LIMITS.headlineChars)
    problems.push("headline is too long");
  if (/[{}]/.test(headline)) problems.push("headline has a placeholder left");
  for (const part of ["rose", "fell", "themes", "encouragement"] as const) {
    const text = draft[part].trim();
    if (!text) {
      problems.push(`${part} is empty`);
      continue;
    }
    if (text.length > INSIGHT_LIMITS.partChars) problems.push(`${part} is too long`);
    const count = sentences(text);
    if (count > INSIGHT_LIMITS.partSentences) problems.push(`${part} has ${count} sentences`);
    if (/[{}]/.test(text)) problems.push(`${part} has a placeholder left`);
  }
  const all = [draft.headline, draft.rose, draft.fell, draft.themes, draft.encouragement];
  if (all.some((t) => INSIGHT_GUILT.test(t))) problems.push("guilt-framed");
  if (all.some((t) => needsCare(t))) problems.push("speaks of self-harm");
  if (all.some((t) => /https?:\/\/|www\./i.test(t))) problems.push("has a link");
  return problems;
}

export interface JournalTheme {
  id: string;
  label: string;
  /** How many of his entries (or notes) speak of it. */
  entries: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The themes his journal speaks of, most entries first: an entry counts once per theme, however often it says it. */
export function journalThemes(texts: readonly string[], content: InsightContent): JournalTheme[] {
  const found: JournalTheme[] = [];
  for (const [id, keywords] of Object.entries(content.theme_keywords)) {
    const pattern = new RegExp(`\\b(${keywords.map(escape).join("|")})(s|es|ed|ing)?\\b`, "i");
    const entries = texts.filter((t) => pattern.test(t)).length;
    if (entries > 0) found.push({ id, label: content.theme_labels[id] ?? id.replace(/_/g, " "), entries });
  }
  return found.sort((a, b) => b.entries - a.entries);
}

/** "a, b and c" */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const entriesText = (n: number) => (n === 0 ? "no journal entries" : n === 1 ? "1 journal entry" : `${n} journal entries`);

/** The direction of the period as a whole: how he felt (connection, mood) weighs double what he did (counts). */
export function situationOf(request: Pick<InsightRequest, "current" | "previous" | "care">): Situation {
  if (request.care) return "care";
  const { previous } = request;
  if (previous.doneDays === 0 && previous.journalEntries === 0 && previous.connectionAverage === null) return "first";
  let score = 0;
  for (const change of compareStats(request.current, previous)) {
    const weight = change.metric === "connection" || change.metric === "mood" ? 2 : 1;
    if (change.direction === "up") score += weight;
    if (change.direction === "down") score -= weight;
  }
  return score >= 2 ? "rose" : score <= -2 ? "fell" : "steady";
}

function valuesOf(change: MetricChange): Record<string, string> {
  if (change.metric === "mood") {
    return {
      currentMood: change.current === null ? "" : moodNear(change.current),
      previousMood: change.previous === null ? "" : moodNear(change.previous),
    };
  }
  const number = (v: number | null) => (v === null ? "" : String(Math.round(v)));
  return { current: number(change.current), previous: number(change.previous) };
}

/** The most telling changes first: how he felt before what he did. */
const METRIC_ORDER = ["connection", "mood", "doneDays", "journalEntries", "checkins"] as const;

/**
 * Writes an insight from the library. Deterministic: the same member, period and numbers give the same words. The
 * passage is a reference; the caller quotes it from the shipped Bible.
 */
export function composeInsight(request: InsightRequest, content: InsightContent): InsightDraft {
  const period = INSIGHT_PERIODS.find((p) => p.id === request.period)!.noun;
  const seed = `${request.userId}:${request.current.from}:${request.period}`;
  const pick = (list: readonly string[], salt: string) => list[hashNumber(`${seed}:${salt}`) % list.length]!;
  const fill = (template: string, values: Record<string, string> = {}) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) => (key === "period" ? period : (values[key] ?? whole)));

  const situation = situationOf(request);
  const changes = compareStats(request.current, request.previous).sort(
    (a, b) => METRIC_ORDER.indexOf(a.metric) - METRIC_ORDER.indexOf(b.metric),
  );
  const sentencesFor = (direction: "up" | "down") =>
    changes
      .filter((c) => c.direction === direction)
      .slice(0, 2)
      .map((c) => fill(pick(content[direction === "up" ? "rose" : "fell"][c.metric], `${direction}:${c.metric}`), valuesOf(c)));

  let rose: string;
  let fell: string;
  if (situation === "first") {
    const values = { doneDays: String(request.current.doneDays), entries: entriesText(request.current.journalEntries) };
    rose = fill(pick(content.first.rose, "first:rose"), values);
    fell = fill(pick(content.first.fell, "first:fell"));
  } else {
    const up = sentencesFor("up");
    const down = sentencesFor("down");
    rose = up.length ? up.join(" ") : fill(pick(content.rose_none, "rose:none"));
    fell =
      situation === "care"
        ? fill(pick(content.care_numbers, "care:numbers"))
        : down.length
          ? `${down.join(" ")} ${fill(pick(content.fell_grace, "fell:grace"))}`
          : fill(pick(content.fell_none, "fell:none"));
  }

  // Themes: what his journal and notes keep returning to. In care, his words are not read for this at all.
  const themes = situation === "care" ? [] : journalThemes([...request.journal, ...request.notes], content);
  const recurring = themes.filter((t) => t.entries >= 2).slice(0, 3);
  let themesText: string;
  if (situation === "care") themesText = fill(pick(content.themes.care, "themes:care"));
  else if (recurring.length)
    themesText = fill(pick(content.themes.recurring, "themes"), { themes: listWords(recurring.map((t) => t.label)) });
  else if (themes[0]) themesText = fill(pick(content.themes.single, "themes"), { theme: themes[0].label });
  else if (request.current.journalEntries > 0)
    themesText = fill(pick(content.themes.none_found, "themes"), { entries: entriesText(request.current.journalEntries) });
  else themesText = fill(pick(content.themes.no_entries, "themes"));

  // The passage: for what his journal keeps returning to; else, in a harder period, for hard days; else for his most
  // chosen focus area; else for how the period went.
  const focus = topFocusAreas(request.current.focusCounts, 1)[0]?.id;
  const keys = [
    situation === "care" ? "care" : undefined,
    recurring.find((t) => content.scriptures[t.id])?.id,
    situation === "fell" ? "fell" : undefined,
    themes.find((t) => content.scriptures[t.id])?.id,
    focus,
    situation,
  ];
  const scriptureKey = keys.find((key): key is string => Boolean(key && content.scriptures[key]))!;
  const scripture = pick(content.scriptures[scriptureKey] ?? content.scriptures.steady!, `scripture:${scriptureKey}`);

  return {
    headline: fill(pick(content.headlines[situation], "headline")),
    rose,
    fell,
    themes: themesText,
    encouragement: fill(pick(content.encouragement[situation], "encouragement")),
    scripture,
  };
}

/** Every focus area has its passages (checked with the content at start by the content test). */
export const SCRIPTURE_KEYS = [...FOCUS_THEME_IDS, "rose", "fell", "steady", "first", "care"] as const;

/** The numbers a reflection may speak of: his counts and averages of both periods, rounded as the composer writes them. */
export function statisticNumbers(current: PeriodStats, previous: PeriodStats): Set<number> {
  const numbers = new Set<number>();
  for (const stats of [current, previous]) {
    for (const value of [
      stats.days,
      stats.doneDays,
      stats.devotionalsCompleted,
      stats.checkins,
      stats.journalEntries,
      stats.longestRun,
      stats.connectionAverage,
      ...Object.values(stats.focusCounts),
      ...Object.values(stats.moodCounts),
    ]) {
      if (value !== null) numbers.add(Math.round(value));
    }
  }
  return numbers;
}
