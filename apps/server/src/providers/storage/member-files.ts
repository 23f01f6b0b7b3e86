import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { storedBytes } from "./recorded";
import { MEMBER_FILE_AREAS, storedFileUrl, type StorageProvider } from "./storage";

/**
 * Issue 19, point 8: files outlive nothing. A member's files live in folders of his own (`audio/ID`, `avatars/ID`,
 * `pasture/ID`, `devotionals/ID` for his devotionals' artwork): deleting his account deletes the folders; a picture
 * uploaded for a post that was never posted is removed after a day; and his pictures together have a quota. Issue 40:
 * all three read what the database knows he stored (stored_files, recorded.ts), not a disk.
 */

/** Pictures (the Pasture's and his avatar) one member may keep. */
export const PICTURE_QUOTA_BYTES = 100 * 1024 * 1024;

/** How long a picture uploaded for a post may wait for the post before it is removed. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function deleteMemberFiles(storage: StorageProvider, userId: string): Promise<void> {
  await Promise.all(MEMBER_FILE_AREAS.map((folder) => storage.deleteTree(`${folder}/${userId}`)));
}

/** Refuses an upload that would take his pictures over the quota, with what to do about it. */
export async function checkPictureQuota(db: Database, userId: string, incomingBytes: number): Promise<void> {
  const used = await storedBytes(db, userId, ["pasture", "avatars"]);
  if (used + incomingBytes > PICTURE_QUOTA_BYTES) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Your pictures use ${Math.round(used / (1024 * 1024))} MB of your ${PICTURE_QUOTA_BYTES / (1024 * 1024)} MB. Delete some posts with pictures, then try again.`,
    );
  }
}

/**
 * Removes Pasture pictures older than a day that no post uses (uploaded, then the post was never sent), as the
 * database knows them (stored_files), wherever their bytes are. Returns how many went. Runs in the background process
 * (bootstrap) every hour.
 */
export async function sweepUnattachedPictures(db: Database, storage: StorageProvider, now = Date.now()): Promise<number> {
  const before = new Date(now - UNATTACHED_UPLOAD_MAX_AGE_MS);
  let removed = 0;
  let after = "";
  for (;;) {
    const batch = await db
      .select({ key: schema.storedFiles.key })
      .from(schema.storedFiles)
      .where(
        and(eq(schema.storedFiles.area, "pasture"), lt(schema.storedFiles.createdAt, before), gt(schema.storedFiles.key, after)),
      )
      .orderBy(asc(schema.storedFiles.key))
      .limit(500);
    if (batch.length === 0) return removed;
    after = batch.at(-1)!.key;
    const urls = batch.map((f) => storedFileUrl(f.key));
    const used = await db.select({ url: schema.posts.imageUrl }).from(schema.posts).where(inArray(schema.posts.imageUrl, urls));
    const kept = new Set(used.map((row) => row.url));
    for (const file of batch) {
      if (kept.has(storedFileUrl(file.key))) continue;
      await storage.delete(file.key);
      removed += 1;
    }
  }
}

/** Sweeps now and every hour until stopped. */
export function startUploadSweeper(db: Database, storage: StorageProvider, log: Logger): () => void {
  const sweep = () =>
    sweepUnattachedPictures(db, storage).then(
      (removed) => removed > 0 && log.info({ removed }, "removed pictures uploaded for posts that were never sent"),
      (error: unknown) => log.error({ err: error }, "could not sweep unattached pictures"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
