import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
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
import { containing } from "../../db/like";
import { notFound } from "../../errors";
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
  setImage: (tx: Transaction, imageUrl: string) => Promise<unknown>;
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

async function devotionalSubject(db: Database, id: string): Promise<Subject> {
  const [devotional] = await db.select().from(devotionals).where(eq(devotionals.id, id));
  if (!devotional) throw notFound("That devotional");
  return {
    ...devotional,
    folder: `devotionals/${devotional.userId}`,
    noun: "devotional",
    target: `devotional ${devotional.id}`,
    setImage: (tx, imageUrl) => tx.update(devotionals).set({ imageUrl }).where(eq(devotionals.id, devotional.id)),
  };
}

async function coverSubject(db: Database, kind: CoverKind, id: string): Promise<Subject> {
  const cover = COVERS[kind];
  const [row] = await db.select(cover.columns).from(cover.table).where(eq(cover.columns.id, id));
  if (!row) throw notFound(cover.notFound);
  return {
    ...row,
    // Before a plan has its days (a draft, or one being written) its cover shows its title where the reference goes.
    passage: row.passage ?? row.title,
    folder: cover.folder,
    noun: cover.noun,
    target: `${cover.noun} ${row.id}`,
    setImage: (tx, imageUrl) =>
      kind === "plans"
        ? tx.update(plans).set({ imageUrl }).where(eq(plans.id, row.id))
        : tx.update(series).set({ imageUrl }).where(eq(series.id, row.id)),
    changed: kind === "plans" && row.source === "starter" ? () => forgetStarterOutlines(db) : undefined,
  };
}

function subjectOf(db: Database, kind: AdminImageKind, id: string): Promise<Subject> {
  return kind === "devotionals" ? devotionalSubject(db, id) : coverSubject(db, kind, id);
}

/** Draws (or asks the model for) one image, stores it and sets image_url; the old stored file goes. */
async function generateOne(
  deps: Deps,
  actor: Actor,
  target: { kind: AdminImageKind; id: string },
  audit: boolean,
): Promise<AdminGeneratedImage> {
  const subject = await subjectOf(deps.db, target.kind, target.id);
  const art = await deps.images.artwork({ ...subject, kind: subject.noun });
  const key = `${subject.folder}/${subject.id}-${randomUUID()}.${EXTENSION[art.contentType]}`;
  await deps.storage.put(key, art.bytes, art.contentType);
  const imageUrl = storedFileUrl(key);
  try {
    await deps.db.transaction(async (tx) => {
      await subject.setImage(tx, imageUrl);
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
    kind: target.kind,
    id: subject.id,
    image_url: imageUrl,
    source: art.source,
    bytes: art.bytes.length,
    fallback_reason: art.fallbackReason ?? null,
  };
}

export function generateImage(ctx: AppContext, actor: SignedInUser, target: { kind: AdminImageKind; id: string }) {
  return generateOne(ctx, actor, target, true);
}

type MissingJob = { actorId: string; actorEmail: string; kind?: AdminImageKind };

const MISSING_TARGET: Record<AdminImageKind, string> = {
  devotionals: "devotionals missing an image",
  plans: COVERS.plans.missingTarget,
  series: COVERS.series.missingTarget,
};

/** The next one of a kind still without an image (devotionals newest first; plans and series oldest first). */
async function nextMissing(db: Database, kind: AdminImageKind): Promise<string | undefined> {
  if (kind === "devotionals") {
    const [next] = await db
      .select({ id: devotionals.id })
      .from(devotionals)
      .where(isNull(devotionals.imageUrl))
      .orderBy(desc(devotionals.devotionalDate), devotionals.id)
      .limit(1);
    return next?.id;
  }
  const cover = COVERS[kind];
  const [next] = await db
    .select({ id: cover.columns.id })
    .from(cover.table)
    .where(isNull(cover.columns.imageUrl))
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

/** This process draws the missing images: one after another until none of the kind is left (safe to run again). */
export async function startImageWriters(deps: Deps & { jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.work<MissingJob>(QUEUES.missingImages, async ({ actorId, actorEmail, kind = "devotionals" }, job) => {
    let done = 0;
    for (let id = await nextMissing(deps.db, kind); id; id = await nextMissing(deps.db, kind)) {
      await generateOne(deps, { id: actorId, email: actorEmail }, { kind, id }, false);
      done++;
    }
    deps.log.info({ job: job.id, kind, done }, "missing images drawn");
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
