import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import { schema, type Database } from "../../db/client";
import { createNoticedCache, type CacheReads, type NoticedCache } from "../../db/noticed-cache";
import type { Logger } from "../../logger";
import type { PgListener } from "../../realtime/listener";

/**
 * What a plan is, apart from anyone's progress in it: its fields and its days' headings. Starter plans change only when
 * content/plans changes, which is at start (starter.ts), or when an admin draws a cover, so their outlines are kept in
 * each process until PostgreSQL says a starter plan changed; a member's own plan can change any time and is read each
 * time. Every page that shows plans then costs only the member's own rows. A plan being written has no days yet; how
 * far its writer got is read with it.
 */

const { plans, planDays } = schema;

/** A plan's writing, as far as it got: days written so far (the writer's checkpoint), and days asked for. */
export const progressColumns = {
  written: sql<number>`jsonb_array_length(${plans.draftDays})`.mapWith(Number),
  asked: sql<number | null>`case when jsonb_typeof(${plans.brief}->'days') = 'number' then (${plans.brief}->>'days')::int end`,
};

export const planColumns = {
  id: plans.id,
  source: plans.source,
  ownerId: plans.ownerId,
  retiredAt: plans.retiredAt,
  theme: plans.theme,
  title: plans.title,
  promise: plans.promise,
  description: plans.description,
  topics: plans.topics,
  dayCount: plans.dayCount,
  minutesPerDay: plans.minutesPerDay,
  status: plans.status,
  generationError: plans.generationError,
  imageUrl: plans.imageUrl,
  ...progressColumns,
  /** He asked to listen to each day (the creation wizard's audio choice): the day's page offers audio first. */
  listenFirst: sql<boolean>`coalesce(${plans.brief}->'audio' = 'true'::jsonb, false)`,
  createdAt: plans.createdAt,
};

type PlanFields = Pick<typeof plans.$inferSelect, Exclude<keyof typeof planColumns, "written" | "asked" | "listenFirst">>;
export type PlanRow = PlanFields & { written: number; asked: number | null; listenFirst: boolean };

export interface DayOutline {
  id: string;
  dayNumber: number;
  title: string;
  passages: string[];
}

export interface PlanOutline extends PlanRow {
  days: DayOutline[];
}

/**
 * The channel migration 0027's triggers notify with '*' when a starter plan or one of its days is written (a cover
 * drawn, the library copied in at start by a newer release), in any process on any machine.
 */
export const STARTER_PLANS_CHANNEL = "shepherd_starter_plans";

/**
 * What the starter outlines read: a starter plan's row (planColumns, and `source`, which picks them) and its days'
 * headings. starter_plans_notify_change and starter_plan_days_notify_change end them, for starter plans only.
 */
export const STARTER_OUTLINES_READS: CacheReads = {
  channel: STARTER_PLANS_CHANNEL,
  tables: {
    plans: {
      columns: [
        "id",
        "source",
        "owner_id",
        "retired_at",
        "theme",
        "title",
        "promise",
        "description",
        "topics",
        "day_count",
        "minutes_per_day",
        "status",
        "generation_error",
        "image_url",
        "draft_days",
        "brief",
        "created_at",
      ],
    },
    plan_days: { columns: ["id", "plan_id", "day_number", "title", "passages"] },
  },
};

/** The longest the starter outlines are kept even with no notice: a bound, not the mechanism. */
const STARTER_OUTLINES_ENTRY_MS = 10 * 60_000;
const STARTER = "starter";

interface Kept {
  cache: NoticedCache<Map<string, PlanOutline>>;
  /** The read under way, shared by the requests that miss meanwhile (at start, or just after a change). */
  reading?: { ticket: number; outlines: Promise<Map<string, PlanOutline>> };
}

/** Every starter plan, retired ones too (their followers still read them). */
const readStarter = (db: Database) => readOutlines(db, eq(plans.source, "starter"));

const kept = new WeakMap<Database, Kept>();

/**
 * Keeps this database handle's starter outlines in memory, ended by PostgreSQL's notices (db/noticed-cache.ts): the
 * server does this at start (bootstrap.ts); a handle without it reads them each time.
 */
export function keepStarterOutlines(db: Database, options: { pool: pg.Pool; listener: PgListener; log: Logger }): void {
  const cache = createNoticedCache<Map<string, PlanOutline>>({
    ...options,
    channel: STARTER_PLANS_CHANNEL,
    tagPrefixes: [],
    entryMs: STARTER_OUTLINES_ENTRY_MS,
    maxEntries: 1,
  });
  kept.set(db, { cache });
}

async function readOutlines(db: Database, where: SQL) {
  const [rows, days] = await Promise.all([
    db.select(planColumns).from(plans).where(where),
    db
      .select({
        planId: planDays.planId,
        id: planDays.id,
        dayNumber: planDays.dayNumber,
        title: planDays.title,
        passages: planDays.passages,
      })
      .from(planDays)
      .innerJoin(plans, eq(plans.id, planDays.planId))
      .where(where)
      .orderBy(asc(planDays.planId), asc(planDays.dayNumber)),
  ]);
  const outlines = new Map<string, PlanOutline>(rows.map((row) => [row.id, { ...row, days: [] }]));
  for (const { planId, ...day } of days) outlines.get(planId)?.days.push(day);
  return outlines;
}

function starterCatalog(db: Database): Promise<Map<string, PlanOutline>> {
  const found = kept.get(db);
  if (!found) return readStarter(db);
  const outlines = found.cache.get(STARTER);
  if (outlines) return Promise.resolve(outlines);
  const ticket = found.cache.ticket();
  if (found.reading?.ticket === ticket) return found.reading.outlines;
  const reading = { ticket, outlines: readStarter(db) };
  found.reading = reading;
  void reading.outlines
    .then(
      (read) => found.cache.remember(ticket, STARTER, read, []),
      () => undefined,
    )
    .finally(() => {
      if (found.reading === reading) found.reading = undefined;
    });
  return reading.outlines;
}

/**
 * A starter plan changed through this process (its cover was drawn): its next read reads them again, before the
 * notice arrives.
 */
export function forgetStarterOutlines(db: Database): void {
  const found = kept.get(db);
  if (!found) return;
  found.cache.clear();
  found.reading = undefined;
}

/** The starter library, from memory while no starter plan changed. */
export async function starterOutlines(db: Database): Promise<PlanOutline[]> {
  return [...(await starterCatalog(db)).values()];
}

/** These plans' outlines: starter ones from memory, any other read now. Plans that do not exist are left out. */
export async function planOutlines(db: Database, ids: readonly string[]): Promise<Map<string, PlanOutline>> {
  const starter = await starterCatalog(db);
  const found = new Map<string, PlanOutline>();
  const others: string[] = [];
  for (const id of ids) {
    const outline = starter.get(id);
    if (outline) found.set(id, outline);
    else others.push(id);
  }
  if (others.length) for (const [id, outline] of await readOutlines(db, inArray(plans.id, others))) found.set(id, outline);
  return found;
}

/** Whether a member may see a plan: the library's (a retired one only while he follows it), or his own. */
export function visiblePlan(outline: PlanOutline, options: { userId: string; following: boolean }): boolean {
  if (options.following) return true;
  if (outline.source === "starter") return outline.retiredAt === null;
  return outline.ownerId === options.userId;
}
