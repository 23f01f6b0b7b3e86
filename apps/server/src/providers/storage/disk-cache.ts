import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Logger } from "../../logger";
import { processAlive } from "../../process-alive";
import type { ChannelHandler } from "../../realtime/listener";
import { createLocalStorage, type StorageProvider } from "./storage";

/**
 * Issue 40: copies of a bucket's objects on this machine's disk, so a file viewed again (the audio player's seeks above
 * all: each is a new Range request) is read from the disk instead of asked of the bucket. bench/storage.mjs measured
 * the need: through the bucket, 256 KB parts of a 3-minute MP3 came at 0.47 of the local disk's rate and a p99 1.5
 * times as long (docs/benchmarks.md, "Stored files").
 *
 * Rules (the test: storage-cache.test.ts):
 * - Keys never change their bytes (a new upload, text or drawing is a new key), so a copy is never stale; it can only
 *   be deleted. A deletion anywhere ends every machine's copy at once: deleting a stored_files row notifies
 *   STORED_FILES_CHANNEL (migration 0028), and this process forgets the key (its own deletions forget it first).
 * - While the LISTEN connection is lost a deletion could go unheard: copies are not served (the bucket is asked), and
 *   all are forgotten when it is back.
 * - A copy is made after a miss, in the background, from a second read of the whole object streamed to disk; one
 *   whose key was forgotten while it was being fetched is thrown away. At most `maxBytes` in all (the least recently used go first);
 *   an object larger than an eighth of that is never copied.
 * - Each process has its own folder (DATA_DIR/cache/storage/PID), emptied at start and at stop; folders of processes
 *   no longer running are removed at start.
 */

/** The channel a stored_files row's deletion is announced on, its key as the payload (migration 0028). */
export const STORED_FILES_CHANNEL = "shepherd_stored_files";

export interface DiskCachedStore extends StorageProvider {
  /** The channel handler that forgets deleted keys (listener.listen(STORED_FILES_CHANNEL, ...)). */
  readonly notices: ChannelHandler;
  /** Bytes and files kept now. */
  kept(): { bytes: number; files: number };
  /** Resolves once the copies being made now are done (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createDiskCachedStore(options: {
  store: StorageProvider;
  /** DATA_DIR/cache/storage: this process's folder is made inside it. */
  root: string;
  maxBytes: number;
  log: Logger;
}): DiskCachedStore {
  const { store, maxBytes, log } = options;
  removeFoldersOfGoneProcesses(options.root);
  const dir = path.join(options.root, String(process.pid));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const disk = createLocalStorage(dir);
  const largest = Math.floor(maxBytes / 8);

  /** Kept copies, least recently used first (a Map keeps insertion order: a use moves the key to the end). */
  const index = new Map<string, number>();
  let total = 0;
  /** Bumped whenever a key is forgotten: a copy fetched across a bump is thrown away. */
  const epochs = new Map<string, number>();
  const filling = new Map<string, Promise<void>>();
  let trusted = true;

  const epochOf = (key: string) => epochs.get(key) ?? 0;
  const drop = (key: string) => {
    const bytes = index.get(key);
    if (bytes === undefined) return;
    index.delete(key);
    total -= bytes;
    void disk.delete(key).catch(() => undefined);
  };
  const forget = (key: string) => {
    epochs.set(key, epochOf(key) + 1);
    drop(key);
  };
  const forgetAll = () => {
    for (const key of [...index.keys()]) forget(key);
  };
  const keep = (key: string, bytes: number) => {
    index.set(key, bytes);
    total += bytes;
    for (const oldest of index.keys()) {
      if (total <= maxBytes) break;
      drop(oldest);
    }
  };
  const cached = (key: string) => {
    if (!trusted || !index.has(key)) return false;
    const bytes = index.get(key)!;
    index.delete(key);
    index.set(key, bytes);
    return true;
  };
  const fill = (key: string, bytes: number) => {
    if (!trusted || bytes > largest || index.has(key) || filling.has(key)) return;
    const epoch = epochOf(key);
    const work = (async () => {
      // Streamed to a file beside its place and renamed into it: a large copy is never held in memory.
      const opened = await store.open(key);
      if (!opened || "unsatisfiable" in opened) return;
      const target = path.join(dir, key);
      const partial = `${target}.${randomUUID()}.partial`;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(opened.body, fs.createWriteStream(partial));
        if (epochOf(key) !== epoch || !trusted) return;
        await fs.promises.writeFile(`${target}.type`, opened.contentType);
        await fs.promises.rename(partial, target);
      } finally {
        await fs.promises.rm(partial, { force: true });
      }
      if (epochOf(key) !== epoch || !trusted) return void (await disk.delete(key));
      keep(key, opened.bytes);
    })()
      .catch((error: unknown) => log.warn({ err: error, key }, "storage cache: a copy could not be made"))
      .finally(() => filling.delete(key));
    filling.set(key, work);
  };

  return {
    kind: store.kind,
    async put(key, body, contentType) {
      await store.put(key, body, contentType);
    },
    async get(key) {
      if (cached(key)) {
        const got = await disk.get(key);
        if (got) return got;
        drop(key);
      }
      return store.get(key);
    },
    async head(key) {
      if (cached(key)) {
        const found = await disk.head(key);
        if (found) return found;
        drop(key);
      }
      return store.head(key);
    },
    async open(key, range) {
      if (cached(key)) {
        const opened = await disk.open(key, range);
        if (opened) return opened;
        drop(key);
      }
      const opened = await store.open(key, range);
      if (opened) fill(key, opened.bytes);
      return opened;
    },
    async delete(key) {
      forget(key);
      await store.delete(key);
    },
    list: (prefix) => store.list(prefix),
    async deleteTree(prefix) {
      const folder = `${prefix.replace(/\/$/, "")}/`;
      for (const key of [...index.keys()]) if (key.startsWith(folder)) forget(key);
      await store.deleteTree(prefix);
    },
    notices: {
      notify: (key) => forget(key),
      lost: () => {
        trusted = false;
      },
      reconnected: () => {
        forgetAll();
        trusted = true;
      },
    },
    kept: () => ({ bytes: total, files: index.size }),
    async settled() {
      while (filling.size > 0) await Promise.all([...filling.values()]);
    },
    async close() {
      trusted = false;
      await Promise.all([...filling.values()]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function removeFoldersOfGoneProcesses(root: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
