import { createHash } from "node:crypto";
import { bookByOsis, needsCare, SERIES_LIMITS } from "@shepherd/shared";
import { parseReference, passageText } from "../../bible/passages";
import type { GuideDraft, GuideRequest } from "./ai";
import type { GuideContent } from "./library";

/**
 * The offline discussion guide writer (gathering_content): a session's teaching, questions, challenge and prayer drafted
 * from the templates in content/discussion-guides.json for the series' theme, opened from the passage's first verse as
 * the shipped WEB has it. Deterministic per member, title and passage. The same rules check a model's guide
 * (openai.ts): see `guideRuleBreaks`.
 */

/** The limits every drafted guide keeps (CONTENT.md, "A series session"; a draft the leader then edits). */
export const GUIDE_LIMITS = {
  teachingWords: { min: 120, max: 450 },
  questions: { min: 4, max: 6 },
  challengeWords: { min: 6, max: 80 },
  prayerWords: { min: 20, max: 120 },
} as const;

/** Guilt framing CONTENT.md rules out. */
const GUILT = /\byou\s+(missed|skipped|failed|neglected|should\s+have|ought\s+to\s+have|let\s+(him|her|them|god)\s+down)\b/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** What a guide breaks of the rules (empty when it keeps them all). */
export function guideRuleBreaks(guide: GuideDraft): string[] {
  const problems: string[] = [];
  const teaching = words(guide.teaching);
  if (teaching < GUIDE_LIMITS.teachingWords.min || teaching > GUIDE_LIMITS.teachingWords.max)
    problems.push(`teaching has ${teaching} words`);
  if (guide.questions.length < GUIDE_LIMITS.questions.min || guide.questions.length > GUIDE_LIMITS.questions.max)
    problems.push(`${guide.questions.length} questions`);
  for (const question of guide.questions) {
    const marks = question.split("?").length - 1;
    if (marks !== 1 || !question.trim().endsWith("?")) problems.push("a question is not one question");
    if (question.length > SERIES_LIMITS.question) problems.push("a question is too long");
  }
  const challenge = words(guide.challenge);
  if (challenge < GUIDE_LIMITS.challengeWords.min || challenge > GUIDE_LIMITS.challengeWords.max)
    problems.push(`challenge has ${challenge} words`);
  const prayer = words(guide.prayer);
  if (prayer < GUIDE_LIMITS.prayerWords.min || prayer > GUIDE_LIMITS.prayerWords.max) problems.push(`prayer has ${prayer} words`);
  if (!/amen\.?$/i.test(guide.prayer.trim())) problems.push("prayer does not end with Amen");
  const all = [guide.teaching, guide.challenge, guide.prayer, ...guide.questions];
  if (all.some((t) => /[{}]/.test(t))) problems.push("has a placeholder left");
  if (all.some((t) => GUILT.test(t))) problems.push("guilt-framed");
  if (all.some((t) => needsCare(t))) problems.push("speaks of self-harm");
  if (all.some((t) => /https?:\/\/|www\./i.test(t))) problems.push("has a link");
  return problems;
}

const hashNumber = (input: string) => createHash("sha256").update(input).digest().readUInt32BE(0);

/** The passage's first verse in the WEB, quoted (“...”). */
export function firstVerse(reference: string): string {
  const range = parseReference(reference);
  const book = bookByOsis(range.book);
  const text = passageText(`${book?.name ?? range.book} ${range.startChapter}:${range.startVerse}`);
  return `“${text.trim()}”`;
}

export function composeGuide(request: GuideRequest, content: GuideContent): GuideDraft {
  const seed = `${request.userId}:${request.title}:${request.passage}`;
  const pick = <T>(list: readonly T[], salt: string): T => list[hashNumber(`${seed}:${salt}`) % list.length]!;
  const fill = (template: string) =>
    template
      .replace(/\{title\}/g, request.title)
      .replace(/\{passage\}/g, request.passage)
      .replace(/\{first_verse\}/g, () => firstVerse(request.passage));
  const teaching = [
    fill(pick(content.openings, "opening")),
    ...content.themes[request.theme].slice(0, 2).map(fill),
    fill(pick(content.closings, "closing")),
  ].join("\n\n");
  const q = content.questions;
  const questions = [
    fill(pick(q.text, "text")),
    ...q.life[request.theme].slice(0, 2).map(fill),
    fill(pick(q.honest, "honest")),
    fill(pick(q.action, "action")),
  ];
  return {
    teaching,
    questions,
    challenge: pick(content.challenges[request.theme], "challenge"),
    prayer: content.prayers[request.theme],
  };
}
