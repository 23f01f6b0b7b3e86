import { and, asc, between, eq, isNotNull, sql } from "drizzle-orm";
import {
  addDays,
  needsCare,
  periodBounds,
  periodStats,
  rangeBounds,
  streakFromRuns,
  type Insight,
  type InsightPage,
  type InsightPeriodId,
  type InsightRangeId,
  type InsightsData,
  type InsightSummary,
} from "@shepherd/shared";
import { passageText } from "../../bible/passages";
import { schema, type Database } from "../../db/client";
import type { MemberRows } from "../../db/member-rows";
import { afterCursor, cursorText, pageOf } from "../../db/page-cursor";
import { notFound } from "../../errors";
import type { AiTextProvider } from "../../providers/ai/ai";
import { accessDenied, checkAccess, withAccess } from "../access/service";
import { dayIn } from "../devotional/service";
import { CHART_DAYS_ROWS, readChartDays, readDays } from "./days";

/**
 * Insights (docs/insights.md): the charts' data (his days of a range, one round trip), the reflections written from
 * them (counted against the month's insight generations through the access check), and the archive.
 */

const { insights, journalEntries, dailyCheckins, profiles } = schema;

const utcDate = (now: Date) => now.toISOString().slice(0, 10);

/**
 * GET /api/insights/data: his days of a range and his streak, in his own dates, as the JSON text of InsightsData (the
 * days as PostgreSQL wrote them; see `readChartDays`).
 */
export async function insightsData(
  db: Database,
  options: { userId: string; range: InsightRangeId; now?: Date; kept?: MemberRows },
): Promise<string> {
  const now = options.now ?? new Date();
  const utc = utcDate(now);
  // His today is within a day of the UTC date: ask for the widest range it could need, then keep his.
  const asked = { userId: options.userId, from: rangeBounds(options.range, addDays(utc, -1)).from, to: addDays(utc, 1) };
  const load = () => readChartDays(db, asked);
  // Kept in this process while his days are unchanged (db/member-rows.ts): the charts cost no round trip then.
  const stored = options.kept
    ? await options.kept.read(options.userId, CHART_DAYS_ROWS, load, `${asked.from} ${asked.to}`)
    : await load();
  const { date: today, timeZone } = dayIn(now, stored.timeZone);
  const { from } = rangeBounds(options.range, today);
  const days = stored.json.filter((_, i) => stored.dates[i]! >= from && stored.dates[i]! <= today);
  const head: Omit<InsightsData, "days" | "streak"> = { range: options.range, today, time_zone: timeZone, from };
  return `${JSON.stringify(head).slice(0, -1)},"days":[${days.join(",")}],"streak":${streakFromRuns(stored.runs, today)}}`;
}

function toSummary(row: typeof insights.$inferSelect): InsightSummary {
  return {
    id: row.id,
    period: row.period as InsightPeriodId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    headline: row.headline,
    source: row.source,
    care: row.care,
    created_at: row.createdAt.toISOString(),
  };
}

function toInsight(row: typeof insights.$inferSelect): Insight {
  return {
    ...toSummary(row),
    rose: row.rose,
    fell: row.fell,
    themes: row.themes,
    encouragement: row.encouragement,
    scripture_reference: row.scriptureReference,
    scripture_text: row.scriptureText,
    snapshot: row.snapshot,
  };
}

/** What he wrote in a period: his journal entries and check-in notes, oldest first. */
async function wordsOf(db: Database, options: { userId: string; from: string; to: string }) {
  const [journal, notes] = await Promise.all([
    db
      .select({ content: journalEntries.content })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, options.userId), between(journalEntries.entryDate, options.from, options.to)))
      .orderBy(asc(journalEntries.createdAt)),
    db
      .select({ notes: dailyCheckins.notes })
      .from(dailyCheckins)
      .where(
        and(
          eq(dailyCheckins.userId, options.userId),
          between(dailyCheckins.checkInDate, options.from, options.to),
          isNotNull(dailyCheckins.notes),
        ),
      )
      .orderBy(asc(dailyCheckins.checkInDate)),
  ]);
  return { journal: journal.map((r) => r.content), notes: notes.flatMap((r) => (r.notes ? [r.notes] : [])) };
}

/**
 * Generate insight: a reflection on his last week or month, from his numbers and his words, written by the AI provider
 * (the offline composer, or a configured model checked with the composer as fallback) and kept in the archive with a
 * snapshot of the days it was written from.
 *
 * Counted against the month's insight generations (free: 1; decision 004), refused with the spec's sentence at the cap
 * before anything is written. When his journal or notes of the period carry words of self-harm, nothing he wrote goes
 * to any writer, no model is asked, the insight is written gently offline, and the answer says `care` so the care card
 * shows: that is never refused for the cap, nor counted against it.
 */
export async function generateInsight(
  db: Database,
  ai: AiTextProvider,
  options: { userId: string; period: InsightPeriodId; now?: Date },
): Promise<{ insight: Insight; care: boolean }> {
  const now = options.now ?? new Date();
  const utc = utcDate(now);
  const widest = periodBounds(options.period, addDays(utc, 1));
  const stored = await readDays(db, {
    userId: options.userId,
    from: addDays(widest.previousFrom, -2),
    to: widest.to,
  });
  const { date: today } = dayIn(now, stored.timeZone);
  const bounds = periodBounds(options.period, today);
  const [words, [profile]] = await Promise.all([
    wordsOf(db, { userId: options.userId, from: bounds.from, to: bounds.to }),
    db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, options.userId)),
  ]);
  const care = [...words.journal, ...words.notes].some((text) => needsCare(text));

  if (!care) {
    // Refuse before a model writes (and spends tokens on) an insight the cap would throw away.
    const access = await checkAccess(db, { userId: options.userId, feature: "insight", now });
    if (!access.allowed) throw accessDenied(access);
  }

  const days = stored.days.filter((d) => d.date >= bounds.previousFrom && d.date <= bounds.to);
  const { draft, tokensUsed, source } = await ai.composeInsight({
    userId: options.userId,
    displayName: profile?.displayName ?? null,
    period: options.period,
    current: periodStats(days, bounds.from, bounds.to),
    previous: periodStats(days, bounds.previousFrom, bounds.previousTo),
    journal: care ? [] : words.journal,
    notes: care ? [] : words.notes,
    care,
  });
  const values = {
    userId: options.userId,
    period: options.period,
    periodStart: bounds.from,
    periodEnd: bounds.to,
    headline: draft.headline,
    rose: draft.rose,
    fell: draft.fell,
    themes: draft.themes,
    encouragement: draft.encouragement,
    scriptureReference: draft.scripture,
    scriptureText: passageText(draft.scripture),
    source,
    care,
    snapshot: { period: options.period, from: bounds.from, to: bounds.to, previous_from: bounds.previousFrom, days },
    createdAt: now,
  };
  if (care) {
    const [row] = await db.insert(insights).values(values).returning();
    return { insight: toInsight(row!), care };
  }
  const { result } = await withAccess(
    db,
    { userId: options.userId, feature: "insight", tokens: tokensUsed, now },
    async (tx) => (await tx.insert(insights).values(values).returning())[0]!,
  );
  return { insight: toInsight(result), care };
}

const PAGE = 20;

/** The archive: his insights, newest first, 20 to a page (the words and the snapshot come with one insight). */
export async function listInsights(db: Database, options: { userId: string; before?: string }): Promise<InsightPage> {
  const conditions = [eq(insights.userId, options.userId)];
  if (options.before) {
    conditions.push(
      afterCursor(options.before, insights, "That page of your insights could not be found. Start again from the newest."),
    );
  }
  const rows = await db
    .select({ insight: insights, id: insights.id, cursorAt: cursorText(insights.createdAt) })
    .from(insights)
    .where(and(...conditions))
    .orderBy(sql`${insights.createdAt} desc, ${insights.id} desc`)
    .limit(PAGE + 1);
  const page = pageOf(rows, PAGE);
  return { insights: page.rows.map((r) => toSummary(r.insight)), next_before: page.next };
}

export async function getInsight(db: Database, options: { userId: string; insightId: string }): Promise<Insight> {
  const [row] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.id, options.insightId), eq(insights.userId, options.userId)));
  if (!row) throw notFound("That insight");
  return toInsight(row);
}

export async function deleteInsight(db: Database, options: { userId: string; insightId: string }): Promise<void> {
  const rows = await db
    .delete(insights)
    .where(and(eq(insights.id, options.insightId), eq(insights.userId, options.userId)))
    .returning({ id: insights.id });
  if (rows.length === 0) throw notFound("That insight");
}
