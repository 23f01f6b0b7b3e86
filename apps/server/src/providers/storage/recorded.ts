import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { Logger } from "../../logger";
import { startingWith } from "../../db/like";
import { MEMBER_FILE_AREAS, STORAGE_AREAS, type StorageProvider } from "./storage";

/**
 * Issue 40: the store as the database knows it. Every file written through this wrapper is a stored_files row (its
 * key, owner, area, size, type), whichever store holds the bytes and whichever machine wrote them: quotas, the sweep
 * of unattached uploads and account deletion read the rows, never a disk or a bucket listing.
 *
 * Order: the object is written before its row (a row never names a missing object), and deleted before its row (a
 * failed delete leaves the row, so a later delete or the sweep finds the object again).
 */

const OWNED_AREAS = new Set<string>(MEMBER_FILE_AREAS);

/** The member and area a key names: `pasture/u1/x.png` -> u1, pasture; `covers/plan/x.png` -> no one, covers. */
export function keyOwner(key: string): { area: string; ownerId: string | null } {
  const [area = "", second] = key.split("/");
  return { area, ownerId: OWNED_AREAS.has(area) && second ? second : null };
}

export function createRecordedStorage(db: Database, store: StorageProvider): StorageProvider {
  const record = async (key: string, bytes: number, contentType: string) => {
    const { area, ownerId } = keyOwner(key);
    await db
      .insert(schema.storedFiles)
      .values({ key, ownerId, area, bytes, contentType })
      .onConflictDoUpdate({ target: schema.storedFiles.key, set: { bytes, contentType, ownerId, area } });
  };
  return {
    kind: store.kind,
    async put(key, body, contentType) {
      await store.put(key, body, contentType);
      await record(key, body.length, contentType);
    },
    get: (key) => store.get(key),
    head: (key) => store.head(key),
    open: (key, range) => store.open(key, range),
    async delete(key) {
      await store.delete(key);
      await db.delete(schema.storedFiles).where(eq(schema.storedFiles.key, key));
    },
    list: (prefix) => store.list(prefix),
    async deleteTree(prefix) {
      const folder = `${prefix.replace(/\/$/, "")}/`;
      const rows = await db
        .select({ key: schema.storedFiles.key })
        .from(schema.storedFiles)
        .where(like(schema.storedFiles.key, startingWith(folder)));
      for (const row of rows) await store.delete(row.key);
      // And any object the database does not know (written before stored_files existed, or by an older version).
      await store.deleteTree(folder);
      await db.delete(schema.storedFiles).where(like(schema.storedFiles.key, startingWith(folder)));
    },
  };
}

/** Bytes a member's files in the given areas add up to, as the database knows them. */
export async function storedBytes(db: Database, ownerId: string, areas: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${schema.storedFiles.bytes}), 0)` })
    .from(schema.storedFiles)
    .where(and(eq(schema.storedFiles.ownerId, ownerId), inArray(schema.storedFiles.area, [...areas])));
  return Number(row?.bytes ?? 0);
}

/**
 * The first start after an upgrade from a version without stored_files: every file already in the store gets its row
 * (owner and area from its key), so quotas and deletion know them. Only when the table is empty, so a start never
 * walks a large store again. Runs under the start-up lock (bootstrap.ts).
 */
export async function recordExistingFiles(db: Database, store: StorageProvider, log: Logger): Promise<number> {
  const [any] = await db.select({ key: schema.storedFiles.key }).from(schema.storedFiles).limit(1);
  if (any) return 0;
  let recorded = 0;
  for (const area of STORAGE_AREAS) {
    const files = await store.list(area);
    for (let i = 0; i < files.length; i += 500) {
      const batch = files.slice(i, i + 500);
      const rows = await Promise.all(
        batch.map(async (file) => ({
          key: file.key,
          ...keyOwner(file.key),
          bytes: file.bytes,
          contentType: (await store.head(file.key))?.contentType ?? "application/octet-stream",
          createdAt: file.modifiedAt,
        })),
      );
      await db.insert(schema.storedFiles).values(rows).onConflictDoNothing();
      recorded += rows.length;
    }
  }
  if (recorded > 0) log.info({ recorded }, "recorded the stored files already in the store");
  return recorded;
}
