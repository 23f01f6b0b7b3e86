import path from "node:path";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
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
 * serves (can we write to it?): a start with a bucket it cannot use stops with what to fix.
 */
export async function openStorage(options: { config: Config; db: Database; log: Logger }): Promise<StorageProvider> {
  const store = configuredStore(options.config);
  await store.check();
  if (options.config.s3) {
    const { bucket, endpoint } = options.config.s3;
    options.log.info({ bucket, endpoint: endpoint ?? "AWS" }, "stored files are in an S3-compatible bucket");
  }
  return createRecordedStorage(options.db, store);
}
