import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { keyOwner } from "./recorded";
import { STORAGE_AREAS, type StorageProvider } from "./storage";

export interface CopyProgress {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * `npm run storage:copy` (issue 40): every file of one store into the other (the folder into the bucket, or back),
 * recorded in stored_files. Resumable: a file the target already holds with the same size is skipped, so a copy cut
 * off (or run again after the switch, for files written meanwhile) carries on where it was. Never deletes: the source
 * stays as it was until the operator removes it.
 */
export async function copyStore(options: {
  from: StorageProvider;
  to: StorageProvider;
  db: Database;
  parallel?: number;
  onProgress?: (progress: CopyProgress & { key: string }) => void;
}): Promise<CopyProgress> {
  const { from, to, db } = options;
  const progress: CopyProgress = { copied: 0, skipped: 0, bytes: 0 };
  for (const area of STORAGE_AREAS) {
    const files = (await from.list(area)).sort((a, b) => a.key.localeCompare(b.key));
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const there = await to.head(file.key);
        let contentType = there?.contentType;
        if (there && there.bytes === file.bytes) {
          progress.skipped += 1;
        } else {
          const got = await from.get(file.key);
          if (!got) continue; // deleted since the listing
          await to.put(file.key, got.body, got.contentType);
          contentType = got.contentType;
          progress.copied += 1;
          progress.bytes += got.body.length;
        }
        await db
          .insert(schema.storedFiles)
          .values({
            key: file.key,
            ...keyOwner(file.key),
            bytes: file.bytes,
            contentType: contentType!,
            createdAt: file.modifiedAt,
          })
          .onConflictDoNothing();
        options.onProgress?.({ ...progress, key: file.key });
      }
    };
    await Promise.all(Array.from({ length: options.parallel ?? 8 }, worker));
  }
  return progress;
}
