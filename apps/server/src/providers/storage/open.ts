import path from "node:path";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { PgListener } from "../../realtime/listener";
import { createDiskCachedStore, STORED_FILES_CHANNEL } from "./disk-cache";
import { createRecordedStorage } from "./recorded";
import { createS3Storage } from "./s3";
import { createLocalStorage, type StorageProvider } from "./storage";

/** The bare store the configuration names: the S3_BUCKET bucket, or the DATA_DIR/storage folder. */
export function configuredStore(config: Pick<Config, "s3" | "dataDir">): StorageProvider & { check(): Promise<void> } {
  if (config.s3) return createS3Storage(config.s3);
  return { ...createLocalStorage(path.join(config.dataDir, "storage")), check: async () => undefined };
}

/**
 * The store every stored file goes through (issue 40), recorded in stored_files. A bucket is checked before the server
 * serves (can we write to it?): a start with a bucket it cannot use stops with what to fix. Its objects are copied to
 * this machine's disk as they are read (STORAGE_CACHE_MB, disk-cache.ts), copies ended by the database's notices.
 */
export async function openStorage(options: {
  config: Config;
  db: Database;
  log: Logger;
  listener: PgListener;
}): Promise<StorageProvider & { close(): Promise<void> }> {
  const { config, log, listener } = options;
  const store = configuredStore(config);
  await store.check();
  if (!config.s3 || config.storageCacheBytes === 0) {
    return Object.assign(createRecordedStorage(options.db, store), { close: async () => undefined });
  }
  const { bucket, endpoint } = config.s3;
  log.info({ bucket, endpoint: endpoint ?? "AWS" }, "stored files are in an S3-compatible bucket");
  const cached = createDiskCachedStore({
    store,
    root: path.join(config.dataDir, "cache", "storage"),
    maxBytes: config.storageCacheBytes,
    log,
  });
  listener.listen(STORED_FILES_CHANNEL, cached.notices);
  // Copies are served only while deletions can be heard.
  if (!listener.listening()) cached.notices.lost?.();
  return Object.assign(createRecordedStorage(options.db, cached), { close: () => cached.close() });
}
