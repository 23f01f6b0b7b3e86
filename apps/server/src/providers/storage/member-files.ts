import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { storedFileUrl, type StorageProvider } from "./storage";

/**
 * Issue 19, point 8: files outlive nothing. A member's files live in folders of his own (`audio/ID`, `avatars/ID`,
 * `pasture/ID`, `devotionals/ID` for his devotionals' artwork): deleting his account deletes the folders; a picture uploaded for a post that was never posted is
 * removed after a day; and his pictures together have a quota.
 */
export const MEMBER_FILE_FOLDERS = ["audio", "avatars", "pasture", "devotionals"] as const;

/** Pictures (the Pasture's and his avatar) one member may keep. */
export const PICTURE_QUOTA_BYTES = 100 * 1024 * 1024;

/** How long a picture uploaded for a post may wait for the post before it is removed. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function deleteMemberFiles(storage: StorageProvider, userId: string): Promise<void> {
  await Promise.all(MEMBER_FILE_FOLDERS.map((folder) => storage.deleteTree(`${folder}/${userId}`)));
}

/** Refuses an upload that would take his pictures over the quota, with what to do about it. */
export async function checkPictureQuota(storage: StorageProvider, userId: string, incomingBytes: number): Promise<void> {
  const files = [...(await storage.list(`pasture/${userId}`)), ...(await storage.list(`avatars/${userId}`))];
  const used = files.reduce((sum, f) => sum + f.bytes, 0);
  if (used + incomingBytes > PICTURE_QUOTA_BYTES) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Your pictures use ${Math.round(used / (1024 * 1024))} MB of your ${PICTURE_QUOTA_BYTES / (1024 * 1024)} MB. Delete some posts with pictures, then try again.`,
    );
  }
}

/**
 * Removes Pasture pictures older than a day that no post uses (uploaded, then the post was never sent). Returns how
 * many went. Runs in the background process (bootstrap) every hour.
 */
export async function sweepUnattachedPictures(db: Database, storage: StorageProvider, now = Date.now()): Promise<number> {
  const old = (await storage.list("pasture")).filter((f) => now - f.modifiedAt.getTime() > UNATTACHED_UPLOAD_MAX_AGE_MS);
  let removed = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const urls = batch.map((f) => storedFileUrl(f.key));
    const used = await db.select({ url: schema.posts.imageUrl }).from(schema.posts).where(inArray(schema.posts.imageUrl, urls));
    const kept = new Set(used.map((row) => row.url));
    for (const file of batch) {
      if (kept.has(storedFileUrl(file.key))) continue;
      await storage.delete(file.key);
      removed += 1;
    }
  }
  return removed;
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
