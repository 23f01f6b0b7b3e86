import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNull, notInArray, or, sql, type Column, type SQL } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminCoverImageRow,
  type AdminDevotionalImageRow,
  type AdminGeneratedImage,
  type AdminImageKind,
  type AdminImages,
} from "@shepherd/shared";
import type { AppContext, SignedInUser } from "../../context";
import type { Database, Transaction } from "../../db/client";
import { schema } from "../../db/client";
import { tryKeyLock, withKeyLock } from "../../db/key-locks";
import { containing } from "../../db/like";
import { AppError, notFound } from "../../errors";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { ImageProvider } from "../../providers/images/images";
import { deleteStoredFile, storedFileUrl, type StorageProvider } from "../../providers/storage/storage";
import { recordImageGeneration } from "../access/service";
import { forgetStarterOutlines } from "../path/outlines";
import { recordAudit } from "./audit";

/**
 * Admin Generate images: artwork for devotionals (stored under DATA_DIR/storage/devotionals/<member>/, Today's hero
 * shows it) and covers for plans and series (under covers/plan/ and covers/series/, their cards and headers show them),
 * one at a time or every one without an image (a background job), set as the row's image_url. Each image counts in the
 * generating admin's image_generations; each request is audited.
 *
 * One drawing at a time per subject across every process and machine (its key lock, db/key-locks.ts): "Generate all
 * missing images" pressed on two servers (or twice) shares the work out instead of drawing each cover twice. The row
 * takes the address only if its image is still the one read under the lock; a file stored but not taken is deleted.
 */

const { devotionals, users, plans, planDays, series, seriesSessions } = schema;

type Deps = { db: Database; storage: StorageProvider; images: ImageProvider };
type Actor = { id: string; email: string };

const EXTENSION = { "image/png": "png", "image/webp": "webp", "image/jpeg": "jpg" } as const;

/** What one image is drawn for: what the drawing shows, where it is stored, and how its row takes the address. */
interface Subject {
  id: string;
  title: string;
  theme: string;
  passage: string;
  imageUrl: string | null;
  /** Its storage folder: devotionals/<member>, covers/plan or covers/series. */
  folder: string;
  /** What it is, for the model's prompt and the audit log. */
  noun: "devotional" | "plan" | "series";
  /** How the audit log names it. */
  target: string;
  /** Sets image_url if it is still `imageUrl` (the subject as read); false when the row changed or went. */
  setImage: (tx: Transaction, imageUrl: string) => Promise<boolean>;
  /** After the address changed (a starter plan's outline is kept in memory). */
  changed?: () => void;
}

/** A plan's day 1 first passage, the reference its offline cover shows. */
const planPassage = sql<
  string | null
>`(select ${planDays.passages}[1] from ${planDays} where ${planDays.planId} = ${plans.id} and ${planDays.dayNumber} = 1)`;
/** A series' session 1 passage. */
const seriesPassage = sql<
  string | null
>`(select ${seriesSessions.passage} from ${seriesSessions} where ${seriesSessions.seriesId} = ${series.id} and ${seriesSessions.position} = 1)`;

/** The plans' and the series' columns for covers, side by side (the two tables have the same shape for this). */
const COVERS = {
  plans: {
    table: plans,
    columns: {
      id: plans.id,
      source: plans.source,
      title: plans.title,
      theme: plans.theme,
      passage: planPassage,
      imageUrl: plans.imageUrl,
      ownerId: plans.ownerId,
      createdAt: plans.createdAt,
    },
    folder: "covers/plan",
    noun: "plan",
    missingTarget: "plans missing a cover",
    notFound: "That plan",
  },
  series: {
    table: series,
    columns: {
      id: series.id,
      source: series.source,
      title: series.title,
      theme: series.theme,
      passage: seriesPassage,
      imageUrl: series.imageUrl,
      ownerId: series.ownerId,
      createdAt: series.createdAt,
    },
    folder: "covers/series",
    noun: "series",
    missingTarget: "series missing a cover",
    notFound: "That series",
  },
} as const;
type CoverKind = keyof typeof COVERS;

/** The column still holds what was read. */
const still = (column: Column, value: string | null) => (value === null ? isNull(column) : eq(column, value));
/** Whether an update touched its row. */
const updated = async (query: Promise<{ rowCount: number | null }>) => ((await query).rowCount ?? 0) > 0;

async function devotionalSubject(db: Database, id: string): Promise<Subject | null> {
  const [devotional] = await db.select().from(devotionals).where(eq(devotionals.id, id));
  if (!devotional) return null;
  return {
    ...devotional,
    folder: `devotionals/${devotional.userId}`,
    noun: "devotional",
    target: `devotional ${devotional.id}`,
    setImage: (tx, imageUrl) =>
      updated(
        tx
          .update(devotionals)
          .set({ imageUrl })
          .where(and(eq(devotionals.id, devotional.id), still(devotionals.imageUrl, devotional.imageUrl))),
      ),
  };
}

async function coverSubject(db: Database, kind: CoverKind, id: string): Promise<Subject | null> {
  const cover = COVERS[kind];
  const [row] = await db.select(cover.columns).from(cover.table).where(eq(cover.columns.id, id));
  if (!row) return null;
  return {
    ...row,
    // Before a plan has its days (a draft, or one being written) its cover shows its title where the reference goes.
    passage: row.passage ?? row.title,
    folder: cover.folder,
    noun: cover.noun,
    target: `${cover.noun} ${row.id}`,
    setImage: (tx, imageUrl) =>
      updated(
        kind === "plans"
          ? tx
              .update(plans)
              .set({ imageUrl })
              .where(and(eq(plans.id, row.id), still(plans.imageUrl, row.imageUrl)))
          : tx
              .update(series)
              .set({ imageUrl })
              .where(and(eq(series.id, row.id), still(series.imageUrl, row.imageUrl))),
      ),
    changed: kind === "plans" && row.source === "starter" ? () => forgetStarterOutlines(db) : undefined,
  };
}

function subjectOf(db: Database, kind: AdminImageKind, id: string): Promise<Subject | null> {
  return kind === "devotionals" ? devotionalSubject(db, id) : coverSubject(db, kind, id);
}

const NOT_FOUND: Record<AdminImageKind, string> = {
  devotionals: "That devotional",
  plans: COVERS.plans.notFound,
  series: COVERS.series.notFound,
};

/** The key lock of a subject's image: one drawing at a time for it, in every process. */
const imageLock = (target: { kind: AdminImageKind; id: string }) => `image/${target.kind}/${target.id}`;

/** Its row changed (deleted, or given an image by someone else) while its image was drawn. */
class SubjectChanged extends Error {}

/**
 * Draws (or asks the model for) one image, stores it and sets image_url; the old stored file goes. Called under the
 * subject's key lock, with the subject read under it.
 */
async function drawFor(
  deps: Deps,
  actor: Actor,
  subject: Subject,
  kind: AdminImageKind,
  audit: boolean,
): Promise<AdminGeneratedImage> {
  const art = await deps.images.artwork({ ...subject, kind: subject.noun });
  const key = `${subject.folder}/${subject.id}-${randomUUID()}.${EXTENSION[art.contentType]}`;
  await deps.storage.put(key, art.bytes, art.contentType);
  const imageUrl = storedFileUrl(key);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await subject.setImage(tx, imageUrl))) throw new SubjectChanged();
      await recordImageGeneration(tx, { userId: actor.id });
      if (audit) {
        await recordAudit(tx, {
          actor: actor as SignedInUser,
          action: "image.generate",
          target: subject.target,
          details: { title: subject.title, source: art.source, image_url: imageUrl, fallback_reason: art.fallbackReason },
        });
      }
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  subject.changed?.();
  await deleteStoredFile(deps.storage, subject.imageUrl);
  return {
    kind,
    id: subject.id,
    image_url: imageUrl,
    source: art.source,
    bytes: art.bytes.length,
    fallback_reason: art.fallbackReason ?? null,
  };
}

/** One image an admin asked for: a new one even when it has one (two presses at once draw one after the other). */
export function generateImage(ctx: AppContext, actor: SignedInUser, target: { kind: AdminImageKind; id: string }) {
  return withKeyLock(ctx.db, imageLock(target), async () => {
    const subject = await subjectOf(ctx.db, target.kind, target.id);
    if (!subject) throw notFound(NOT_FOUND[target.kind]);
    try {
      return await drawFor(ctx, actor, subject, target.kind, true);
    } catch (error) {
      if (error instanceof SubjectChanged)
        throw new AppError("CONFLICT", `${NOT_FOUND[target.kind]} changed while its image was drawn. Please try again.`);
      throw error;
    }
  });
}

export type MissingJob = { actorId: string; actorEmail: string; kind?: AdminImageKind };

const MISSING_TARGET: Record<AdminImageKind, string> = {
  devotionals: "devotionals missing an image",
  plans: COVERS.plans.missingTarget,
  series: COVERS.series.missingTarget,
};

/**
 * The next one of a kind still without an image (devotionals newest first; plans and series oldest first), but for
 * those another process is drawing.
 */
async function nextMissing(db: Database, kind: AdminImageKind, passed: string[]): Promise<string | undefined> {
  if (kind === "devotionals") {
    const [next] = await db
      .select({ id: devotionals.id })
      .from(devotionals)
      .where(and(isNull(devotionals.imageUrl), passed.length ? notInArray(devotionals.id, passed) : undefined))
      .orderBy(desc(devotionals.devotionalDate), devotionals.id)
      .limit(1);
    return next?.id;
  }
  const cover = COVERS[kind];
  const [next] = await db
    .select({ id: cover.columns.id })
    .from(cover.table)
    .where(and(isNull(cover.columns.imageUrl), passed.length ? notInArray(cover.columns.id, passed) : undefined))
    .orderBy(cover.columns.createdAt, cover.columns.id)
    .limit(1);
  return next?.id;
}

async function missingCount(db: Database | Transaction, kind: AdminImageKind): Promise<number> {
  const column = kind === "devotionals" ? devotionals.imageUrl : COVERS[kind].columns.imageUrl;
  const table = kind === "devotionals" ? devotionals : COVERS[kind].table;
  const [missing] = await db.select({ n: count() }).from(table).where(isNull(column));
  return missing?.n ?? 0;
}

/** Queues the job that draws every one of a kind still without an image; the request is audited with how many. */
export async function queueMissingImages(
  ctx: AppContext,
  actor: SignedInUser,
  kind: AdminImageKind,
): Promise<{ queued: boolean; missing: number }> {
  return ctx.db.transaction(async (tx) => {
    const n = await missingCount(tx, kind);
    await recordAudit(tx, { actor, action: "image.generate", target: MISSING_TARGET[kind], details: { missing: n } });
    if (n === 0) return { queued: false, missing: 0 };
    await ctx.jobs.send(QUEUES.missingImages, { actorId: actor.id, actorEmail: actor.email, kind } satisfies MissingJob, { tx });
    return { queued: true, missing: n };
  });
}

/**
 * Draws every one of a kind still without an image, one after another; answers how many it drew. Any number may run
 * at once (two servers' jobs): each passes over a subject another is drawing, and checks under the subject's lock that
 * it still lacks an image.
 */
export async function drawMissingImages(deps: Deps, job: MissingJob): Promise<number> {
  const { actorId, actorEmail, kind = "devotionals" } = job;
  const passed: string[] = [];
  let done = 0;
  for (let id = await nextMissing(deps.db, kind, passed); id; id = await nextMissing(deps.db, kind, passed)) {
    const target = { kind, id };
    const drawn = await tryKeyLock(deps.db, imageLock(target), async () => {
      const subject = await subjectOf(deps.db, kind, id);
      // Drawn since it was found missing (by another process), or gone.
      if (!subject || subject.imageUrl) return false;
      try {
        await drawFor(deps, { id: actorId, email: actorEmail }, subject, kind, false);
        return true;
      } catch (error) {
        if (error instanceof SubjectChanged) return false;
        throw error;
      }
    });
    if (!drawn.ran) passed.push(id);
    else if (drawn.result) done++;
  }
  return done;
}

/** This process works on the "all missing" jobs (safe to run again, and beside another server's). */
export async function startImageWriters(deps: Deps & { jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.work<MissingJob>(QUEUES.missingImages, async (data, job) => {
    const done = await drawMissingImages(deps, data);
    deps.log.info({ job: job.id, kind: data.kind ?? "devotionals", done }, "missing images drawn");
  });
}

type ListOptions = { page: number; missingOnly: boolean; q?: string; all?: boolean };

/** The page: which provider draws, how many of the kind lack an image, and the list (newest first). */
export async function imagesOverview(ctx: AppContext, kind: AdminImageKind, options: ListOptions): Promise<AdminImages> {
  const [list, missing, all] = await Promise.all([
    kind === "devotionals" ? devotionalList(ctx.db, options) : coverList(ctx.db, kind, options),
    missingCount(ctx.db, kind),
    ctx.db.$count(kind === "devotionals" ? devotionals : COVERS[kind].table),
  ]);
  return { provider: ctx.images.name, missing, count: all, ...list };
}

const pageOf = (options: ListOptions) => ({
  limit: options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE,
  offset: options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE,
});

async function devotionalList(db: Database, options: ListOptions) {
  const { limit, offset } = pageOf(options);
  const pattern = containing(options.q ?? "");
  const where = and(
    options.missingOnly ? isNull(devotionals.imageUrl) : undefined,
    options.q
      ? or(ilike(devotionals.title, pattern), ilike(devotionals.passage, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: devotionals, email: users.email })
      .from(devotionals)
      .innerJoin(users, eq(users.id, devotionals.userId))
      .where(where)
      .orderBy(desc(devotionals.devotionalDate), desc(devotionals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(devotionals).innerJoin(users, eq(users.id, devotionals.userId)).where(where),
  ]);
  const items: AdminDevotionalImageRow[] = rows.map(({ d, email }) => ({
    id: d.id,
    devotional_date: d.devotionalDate,
    title: d.title,
    passage: d.passage,
    theme: d.theme,
    member_email: email,
    image_url: d.imageUrl,
  }));
  return { kind: "devotionals" as const, list: { items, page: options.page, page_size: limit, total: total?.n ?? 0 } };
}

async function coverList(db: Database, kind: CoverKind, options: ListOptions) {
  const { limit, offset } = pageOf(options);
  const cover = COVERS[kind];
  const pattern = containing(options.q ?? "");
  const where: SQL | undefined = and(
    options.missingOnly ? isNull(cover.columns.imageUrl) : undefined,
    options.q
      ? or(ilike(cover.columns.title, pattern), ilike(cover.columns.passage, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cover.columns, email: users.email })
      .from(cover.table)
      .leftJoin(users, eq(users.id, cover.columns.ownerId))
      .where(where)
      .orderBy(desc(cover.columns.createdAt), desc(cover.columns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(cover.table).leftJoin(users, eq(users.id, cover.columns.ownerId)).where(where),
  ]);
  const items: AdminCoverImageRow[] = rows.map((row) => ({
    id: row.id,
    source: row.source,
    title: row.title,
    theme: row.theme,
    passage: row.passage,
    owner_email: row.email,
    image_url: row.imageUrl,
  }));
  return { kind, list: { items, page: options.page, page_size: limit, total: total?.n ?? 0 } };
}
