import { createHash } from "node:crypto";
import type { CurrentTopicId, CustomPlanBrief, FocusThemeId, SeasonId } from "@shepherd/shared";
import { FOCUS_THEME_IDS } from "@shepherd/shared";
import { parseReference, rangesOverlap, type VerseRange } from "../../bible/passages";
import type { PlanDayDraft, PlanDayRequest, SourceDay } from "./ai";
import type { LibraryDevotional, PlanComposerContent } from "./library";

/**
 * The offline writer of a member's own plan: it builds each day from the library (the starter plans' days and the
 * devotionals), chosen for his themes, his season of life and his goal in his own words, in his reading style:
 *
 * - a day is chosen for his themes first (the first one most), then for his season (the themes and current topics that
 *   speak to it), then for the words of his goal and of what is hard now and what has helped before;
 * - days keep the order they had in their own plan, and a day that leans on the one before it ("yesterday", "so far")
 *   comes only right after it; a day that names its plan's length ("these ten days") is never used;
 * - no passage is read twice in one plan (overlapping verses count);
 * - short: one question, shorter readings first; reflective: his question and one for his season; study: more
 *   Scripture (the verses a reading cites become passages), and the season's question;
 * - a daily challenge when he asked for one (a devotional has none of its own: one of the theme's is given).
 *
 * The same plan always gets the same days (choices are seeded by the plan's id), and a day written by a model before
 * it is respected: the composer skips what that day used.
 */

export const PLAN_READING_MAX_WORDS = 400;
const MAX_PASSAGES = 3;
const MAX_REFERENCES = 8;

/** What a season brings forward: themes and current topics that usually speak to it. */
const SEASON_AFFINITY: Record<SeasonId, { themes: FocusThemeId[]; topics: CurrentTopicId[] }> = {
  single: { themes: ["brotherhood", "temptation", "work"], topics: ["loneliness", "purity", "job_change"] },
  married: { themes: ["marriage"], topics: ["new_marriage", "marriage_strain", "leading_family"] },
  young_children: { themes: ["fatherhood", "marriage"], topics: ["new_father", "leading_family", "anger"] },
  teenagers: { themes: ["fatherhood"], topics: ["raising_teens", "anger", "leading_family"] },
  grown_children: { themes: ["fatherhood", "leadership"], topics: ["leading_family"] },
  grandfather: { themes: ["fatherhood", "leadership", "prayer"], topics: ["leading_family", "grief"] },
  divorced: { themes: ["brotherhood", "prayer"], topics: ["loneliness", "anger", "grief"] },
  widowed: { themes: ["prayer", "brotherhood"], topics: ["grief", "loneliness"] },
};

/** A day that names its plan's length or place ("these ten days", "the last day"): it belongs only to its own plan. */
const NAMES_ITS_PLAN =
  /\b((next|these|last|first|final)\s+(few|\w+\s+)?days|(three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty(-one)?|\d+)\s+days|(first|last|final)\s+day|this plan|on day\s+\w+)\b/i;
/** A day that leans on the one before it in its own plan. */
const LEANS_ON_YESTERDAY = /\b(yesterday|so far|earlier this week|we (began|started)|you have seen|last time)\b/i;

const STOP_WORDS = new Set(
  "a about after again all also always am an and any are as at be because been before being but by can could did do does doing for from get got had has have he her here him his how i if in into is it its just know like make many me more most much my need never no not now of on one only or other our out over really so some still than that the their them then there these they this those to too up us very want was way we well were what when where which who why will with would you your yours".split(
    " ",
  ),
);

/** Lower-case word stems of a text (a light stemmer: plural, -ing, -ed), for matching his goal to a day. */
export function stems(text: string): Set<string> {
  const found = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)?/g) ?? []) {
    const word = raw.replace(/['’].*$/, "");
    if (word.length < 4 || STOP_WORDS.has(word)) continue;
    found.add(word.replace(/(ing|ed|es|s)$/, "").slice(0, 7));
  }
  return found;
}

const hashNumber = (input: string) => createHash("sha256").update(input).digest().readUInt32BE(0);
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

interface Candidate {
  day: SourceDay;
  key: string;
  ranges: VerseRange[];
  words: Set<string>;
  readingWords: number;
  leans: boolean;
}

/** Parsed references, kept: a plan's days are checked against one another on every day it writes. */
const parsed = new Map<string, VerseRange | null>();

function rangesOf(references: string[]): VerseRange[] {
  return references.flatMap((reference) => {
    let range = parsed.get(reference);
    if (range === undefined) {
      try {
        range = parseReference(reference);
      } catch {
        range = null;
      }
      if (parsed.size > 20_000) parsed.clear();
      parsed.set(reference, range);
    }
    return range ? [range] : [];
  });
}

const overlapsAny = (ranges: VerseRange[], taken: VerseRange[]) => ranges.some((r) => taken.some((t) => rangesOverlap(r, t)));

/** A devotional as a plan day: its reflection is the question; its challenge comes from the theme's (see dayFrom). */
export function devotionalSourceDay(devotional: LibraryDevotional, position: number): SourceDay {
  return {
    title: devotional.title,
    passages: [devotional.passage],
    references: [],
    reading: devotional.body,
    questions: [devotional.reflection],
    challenge: "",
    prayer: devotional.prayer,
    theme: devotional.theme,
    topics: devotional.topics,
    source: "devotional",
    position,
  };
}

export interface PlanComposer {
  composePlanDay(request: PlanDayRequest): PlanDayDraft;
  /** The days the composer would give this brief, in order (what composePlanDay gives when it writes them all). */
  selection(brief: CustomPlanBrief, planId: string): SourceDay[];
}

export function createPlanComposer(sources: SourceDay[], content: PlanComposerContent): PlanComposer {
  const candidates: Candidate[] = sources
    .filter((day) => wordCount(day.reading) <= PLAN_READING_MAX_WORDS)
    .filter((day) => !NAMES_ITS_PLAN.test(`${day.reading} ${day.questions.join(" ")} ${day.challenge} ${day.prayer}`))
    .map((day) => ({
      day,
      key: `${day.source}#${day.position}`,
      ranges: rangesOf(day.passages),
      words: stems(`${day.title} ${day.title} ${day.reading} ${day.questions.join(" ")}`),
      readingWords: wordCount(day.reading),
      leans: day.source !== "devotional" && LEANS_ON_YESTERDAY.test(`${day.reading} ${day.questions.join(" ")} ${day.challenge}`),
    }))
    .filter((c) => c.ranges.length === c.day.passages.length);
  const byKey = new Map(candidates.map((c) => [c.key, c]));

  function score(c: Candidate, brief: CustomPlanBrief, goal: Set<string>, context: Set<string>, seed: string): number {
    const themeAt = brief.themes.indexOf(c.day.theme);
    const affinity = SEASON_AFFINITY[brief.season];
    let total = themeAt >= 0 ? 12 - 2 * themeAt : 0;
    if (affinity.themes.includes(c.day.theme)) total += 3;
    total += 2 * c.day.topics.filter((t) => affinity.topics.includes(t)).length;
    let goalHits = 0;
    for (const word of goal) if (c.words.has(word)) goalHits++;
    let contextHits = 0;
    for (const word of context) if (c.words.has(word)) contextHits++;
    total += Math.min(6, 1.5 * goalHits) + Math.min(3, 0.75 * contextHits);
    if (brief.style === "short" || brief.minutes_per_day <= 5) total += c.readingWords <= 280 ? 2 : 0;
    if (brief.style === "study") total += c.day.passages.length + c.day.references.length >= 2 ? 2 : 0;
    if (brief.style === "reflective") total += c.day.questions.length === 2 ? 1 : 0;
    // A little of the plan's own seed, so two men with the same answers do not get the very same plan.
    return total + (hashNumber(`${seed}:${c.key}`) % 1000) / 1000;
  }

  const selections = new Map<string, SourceDay[]>();

  function select(brief: CustomPlanBrief, planId: string): Candidate[] {
    const goal = stems(brief.goal);
    const context = stems(`${brief.hard_now} ${brief.helped_before}`);
    const ranked = candidates
      .map((c) => ({ c, score: score(c, brief, goal, context, planId) }))
      .sort((a, b) => b.score - a.score);
    const scoreOf = new Map(ranked.map(({ c, score: s }) => [c.key, s]));
    // Each theme he chose gets its share of the days (the first one the odd day), the rest from the best of any theme.
    const share = new Map<FocusThemeId, number>();
    brief.themes.forEach((theme, i) => {
      share.set(theme, Math.floor(brief.days / brief.themes.length) + (i < brief.days % brief.themes.length ? 1 : 0));
    });
    const chosen: Candidate[] = [];
    const chosenKeys = new Set<string>();
    const taken: VerseRange[] = [];
    const fits = (c: Candidate) => !chosenKeys.has(c.key) && !overlapsAny(c.ranges, taken);
    const take = (c: Candidate) => {
      chosen.push(c);
      chosenKeys.add(c.key);
      taken.push(...c.ranges);
    };
    /** A day, and (when it leans on the one before) its predecessors first, while there is room. */
    const takeWithPredecessors = (c: Candidate, room: number): number => {
      const chain: Candidate[] = [c];
      let current = c;
      while (current.leans) {
        const before = byKey.get(`${current.day.source}#${current.day.position - 1}`);
        if (!before) return 0;
        if (chosenKeys.has(before.key)) break;
        chain.unshift(before);
        current = before;
      }
      if (chain.length > room) return 0;
      const ranges: VerseRange[] = [];
      for (const link of chain) {
        if (!fits(link) || overlapsAny(link.ranges, ranges)) return 0;
        ranges.push(...link.ranges);
      }
      chain.forEach(take);
      return chain.length;
    };
    for (const theme of brief.themes) {
      let room = share.get(theme)!;
      for (const { c } of ranked) {
        if (room === 0) break;
        if (c.day.theme === theme && fits(c)) room -= takeWithPredecessors(c, room);
      }
    }
    for (const { c } of ranked) {
      if (chosen.length >= brief.days) break;
      if (fits(c)) takeWithPredecessors(c, brief.days - chosen.length);
    }
    // Order: his themes in his order, then the others; within a theme, each source's best first, its days in order.
    const themeRank = (theme: FocusThemeId) => {
      const at = brief.themes.indexOf(theme);
      return at >= 0 ? at : brief.themes.length + FOCUS_THEME_IDS.indexOf(theme);
    };
    // A starter plan's days stay together (one group); each devotional is a group of its own.
    const groupOf = (c: Candidate) => (c.day.source === "devotional" ? c.key : c.day.source);
    const groupBest = new Map<string, number>();
    for (const c of chosen) groupBest.set(groupOf(c), Math.max(groupBest.get(groupOf(c)) ?? 0, scoreOf.get(c.key)!));
    return chosen.sort(
      (a, b) =>
        themeRank(a.day.theme) - themeRank(b.day.theme) ||
        groupBest.get(groupOf(b))! - groupBest.get(groupOf(a))! ||
        groupOf(a).localeCompare(groupOf(b)) ||
        a.day.position - b.day.position,
    );
  }

  function selection(brief: CustomPlanBrief, planId: string): SourceDay[] {
    const cacheKey = `${planId}:${JSON.stringify(brief)}`;
    let found = selections.get(cacheKey);
    if (!found) {
      found = select(brief, planId).map((c) => c.day);
      if (selections.size > 200) selections.clear();
      selections.set(cacheKey, found);
    }
    return found;
  }

  function pick<T>(items: readonly T[], seed: string): T | undefined {
    return items.length ? items[hashNumber(seed) % items.length] : undefined;
  }

  /**
   * A library day shaped to his brief: his style's questions and Scripture, a challenge when he wants one. For study,
   * the verses the reading cites become passages, unless the plan reads them on another day (`avoid`).
   */
  function dayFrom(source: SourceDay, request: PlanDayRequest, avoid: VerseRange[]): PlanDayDraft {
    const { brief, planId, dayNumber } = request;
    const passages = [...source.passages];
    let references = [...source.references];
    if (brief.style === "study") {
      const taken = [...avoid, ...rangesOf(passages)];
      references = references.filter((reference) => {
        const ranges = rangesOf([reference]);
        if (passages.length >= MAX_PASSAGES || ranges.length === 0 || overlapsAny(ranges, taken)) return true;
        passages.push(reference);
        taken.push(...ranges);
        return false;
      });
    }
    references = references.slice(0, MAX_REFERENCES - passages.length);
    const seasonQuestion = pick(content.season_questions[brief.season][source.theme], `${planId}:${dayNumber}:question`);
    const questions =
      brief.style === "short" || !seasonQuestion ? [source.questions[0]!] : [source.questions[0]!, seasonQuestion];
    const challenge = brief.challenge
      ? source.challenge || (pick(content.challenges[source.theme], `${planId}:${dayNumber}:challenge`) ?? "")
      : "";
    return { title: source.title, passages, references, reading: source.reading, questions, challenge, prayer: source.prayer };
  }

  return {
    selection,
    composePlanDay(request) {
      const planned = selection(request.brief, request.planId);
      const previousRanges = request.previous.flatMap((day) => rangesOf(day.passages));
      const previousTitles = new Set(request.previous.map((day) => day.title));
      const usable = (day: SourceDay) => !previousTitles.has(day.title) && !overlapsAny(rangesOf(day.passages), previousRanges);
      // Passages the plan reads on its other days: a study day's extra passages must not be among them.
      const avoidFor = (chosen: SourceDay) => [
        ...previousRanges,
        ...planned.filter((day) => day !== chosen).flatMap((day) => rangesOf(day.passages)),
      ];
      const inPlace = planned[request.dayNumber - 1];
      if (inPlace && usable(inPlace)) return dayFrom(inPlace, request, avoidFor(inPlace));
      // A model wrote some days already (or the library is smaller than the plan): the first unused day that fits.
      const spare =
        planned.find((day) => usable(day)) ??
        selection({ ...request.brief, days: Math.min(candidates.length, request.brief.days * 3) }, request.planId).find((day) =>
          usable(day),
        ) ??
        candidates.map((c) => c.day).find((day) => usable(day));
      if (!spare) throw new Error("the library has no day left that this plan has not used");
      return dayFrom(spare, request, avoidFor(spare));
    },
  };
}
