import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "../../db/client";

/**
 * What a plan is, apart from anyone's progress in it: its fields and its days' headings. Starter plans change only when
 * content/plans changes, which is at start (starter.ts), or when an admin draws a cover, so their outlines are read once
 * per process and kept (a minute at most, for the covers drawn in another process); a member's own plan (a later
 * issue) can change any time and is read each time. Every page that shows plans then costs
 * only the member's own rows. A plan being written has no days yet; how far its writer got is read with it.
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

interface Catalog {
  /** Every starter plan, retired ones too (their followers still read them). */
  starter: Promise<Map<string, PlanOutline>>;
  readAt: number;
}

/**
 * How long a process keeps the starter plans before reading them again: the process that draws a starter plan's cover
 * forgets them at once (forgetStarterOutlines), the others show it within this.
 */
export const STARTER_OUTLINES_MAX_AGE_MS = 60_000;

const catalogs = new WeakMap<Database, Catalog>();

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

function catalog(db: Database): Catalog {
  let found = catalogs.get(db);
  if (!found || Date.now() - found.readAt > STARTER_OUTLINES_MAX_AGE_MS) {
    const starter = readOutlines(db, eq(plans.source, "starter"));
    starter.catch(() => catalogs.get(db)?.starter === starter && catalogs.delete(db));
    found = { starter, readAt: Date.now() };
    catalogs.set(db, found);
  }
  return found;
}

/** A starter plan changed after start (its cover was drawn): the next read of the library reads it again. */
export function forgetStarterOutlines(db: Database): void {
  catalogs.delete(db);
}

/** The starter library, from memory after the first read. */
export async function starterOutlines(db: Database): Promise<PlanOutline[]> {
  return [...(await catalog(db).starter).values()];
}

/** These plans' outlines: starter ones from memory, any other read now. Plans that do not exist are left out. */
export async function planOutlines(db: Database, ids: readonly string[]): Promise<Map<string, PlanOutline>> {
  const starter = await catalog(db).starter;
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
