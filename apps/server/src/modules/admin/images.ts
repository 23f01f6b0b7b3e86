import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNull, or } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminDevotionalImageRow,
  type AdminGeneratedImage,
  type AdminImages,
} from "@shepherd/shared";
import type { AppContext, SignedInUser } from "../../context";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { containing } from "../../db/like";
import { notFound } from "../../errors";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { ImageProvider } from "../../providers/images/images";
import { deleteStoredFile, storedFileUrl, type StorageProvider } from "../../providers/storage/storage";
import { recordImageGeneration } from "../access/service";
import { recordAudit } from "./audit";

/**
 * Admin Generate images: artwork for devotionals, one at a time or every devotional without an image (a background
 * job), stored under DATA_DIR/storage/devotionals/<member>/ and set as the devotional's image_url (Today's hero shows it).
 * Each image counts in the generating admin's image_generations; each request is audited.
 */

const { devotionals, users } = schema;

type Deps = { db: Database; storage: StorageProvider; images: ImageProvider };
type Actor = { id: string; email: string };

const EXTENSION = { "image/png": "png", "image/webp": "webp", "image/jpeg": "jpg" } as const;

/** Draws (or asks the model for) one devotional's artwork, stores it and sets image_url; the old stored file goes. */
async function generateOne(deps: Deps, actor: Actor, devotionalId: string, audit: boolean): Promise<AdminGeneratedImage> {
  const [devotional] = await deps.db.select().from(devotionals).where(eq(devotionals.id, devotionalId));
  if (!devotional) throw notFound("That devotional");
  const art = await deps.images.artwork(devotional);
  const key = `devotionals/${devotional.userId}/${devotional.id}-${randomUUID()}.${EXTENSION[art.contentType]}`;
  await deps.storage.put(key, art.bytes, art.contentType);
  const imageUrl = storedFileUrl(key);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(devotionals).set({ imageUrl }).where(eq(devotionals.id, devotional.id));
      await recordImageGeneration(tx, { userId: actor.id });
      if (audit) {
        await recordAudit(tx, {
          actor: actor as SignedInUser,
          action: "image.generate",
          target: `devotional ${devotional.id}`,
          details: { title: devotional.title, source: art.source, image_url: imageUrl, fallback_reason: art.fallbackReason },
        });
      }
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await deleteStoredFile(deps.storage, devotional.imageUrl);
  return {
    devotional_id: devotional.id,
    image_url: imageUrl,
    source: art.source,
    bytes: art.bytes.length,
    fallback_reason: art.fallbackReason ?? null,
  };
}

export function generateDevotionalImage(ctx: AppContext, actor: SignedInUser, devotionalId: string) {
  return generateOne(ctx, actor, devotionalId, true);
}

type MissingJob = { actorId: string; actorEmail: string };

/** Queues the job that draws every devotional still without an image; the request is audited with how many. */
export async function queueMissingImages(ctx: AppContext, actor: SignedInUser): Promise<{ queued: boolean; missing: number }> {
  return ctx.db.transaction(async (tx) => {
    const [missing] = await tx.select({ n: count() }).from(devotionals).where(isNull(devotionals.imageUrl));
    const n = missing?.n ?? 0;
    await recordAudit(tx, { actor, action: "image.generate", target: "devotionals missing an image", details: { missing: n } });
    if (n === 0) return { queued: false, missing: 0 };
    await ctx.jobs.send(QUEUES.devotionalImages, { actorId: actor.id, actorEmail: actor.email } satisfies MissingJob, { tx });
    return { queued: true, missing: n };
  });
}

/** This process draws the missing images: one devotional after another until none is left (safe to run again). */
export async function startImageWriters(deps: Deps & { jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.work<MissingJob>(QUEUES.devotionalImages, async ({ actorId, actorEmail }, job) => {
    let done = 0;
    for (;;) {
      const next = await deps.db
        .select({ id: devotionals.id })
        .from(devotionals)
        .where(isNull(devotionals.imageUrl))
        .orderBy(desc(devotionals.devotionalDate), devotionals.id)
        .limit(1);
      if (!next[0]) break;
      await generateOne(deps, { id: actorId, email: actorEmail }, next[0].id, false);
      done++;
    }
    deps.log.info({ job: job.id, done }, "devotional images drawn");
  });
}

/** The page: which provider draws, how many devotionals lack an image, and the devotionals (newest first). */
export async function imagesOverview(
  ctx: AppContext,
  options: { page: number; missingOnly: boolean; q?: string; all?: boolean },
): Promise<AdminImages> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const pattern = containing(options.q ?? "");
  const where = and(
    options.missingOnly ? isNull(devotionals.imageUrl) : undefined,
    options.q
      ? or(ilike(devotionals.title, pattern), ilike(devotionals.passage, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const [rows, [total], [missing], [all]] = await Promise.all([
    ctx.db
      .select({ d: devotionals, email: users.email })
      .from(devotionals)
      .innerJoin(users, eq(users.id, devotionals.userId))
      .where(where)
      .orderBy(desc(devotionals.devotionalDate), desc(devotionals.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(devotionals).innerJoin(users, eq(users.id, devotionals.userId)).where(where),
    ctx.db.select({ n: count() }).from(devotionals).where(isNull(devotionals.imageUrl)),
    ctx.db.select({ n: count() }).from(devotionals),
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
  return {
    provider: ctx.images.name,
    missing: missing?.n ?? 0,
    devotionals: all?.n ?? 0,
    list: { items, page: options.page, page_size: limit, total: total?.n ?? 0 },
  };
}
