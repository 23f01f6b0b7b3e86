import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import type { S3Config } from "../../config";
import type { RangeRequest } from "../../http/range";
import { assertKey, type StorageProvider, type StoredFile } from "./storage";

/**
 * Stored files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Backblaze B2...): the same keys as the local
 * folder, one object per file, its type in the object's Content-Type. Chosen when S3_BUCKET is set (bootstrap.ts).
 *
 * Non-AWS stores reject the SDK's newer default checksums (CRC32 headers on every upload, checksum validation of
 * every download), so checksums are sent and checked only where an operation requires them. Path-style addressing
 * (`ENDPOINT/BUCKET/KEY`) by default: most self-hosted stores have no per-bucket host names.
 */
/** Connections to the store one process may hold at once (each relayed download holds one while it is read). */
const STORE_CONNECTIONS = 1000;

export function createS3Storage(config: S3Config): StorageProvider & { client: S3Client; check(): Promise<void> } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A relayed download holds its connection to the store until the member has read it, and a phone on a weak network
    // takes minutes for a 3 MB recording: the SDK's 50 connections ran out under 60 slow readers (bench/storage.mjs),
    // and every other read then waited. Most reads are served from the disk copies (disk-cache.ts) anyway.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: STORE_CONNECTIONS },
      httpsAgent: { keepAlive: true, maxSockets: STORE_CONNECTIONS },
    },
  });
  const Bucket = config.bucket;

  const head = async (key: string) => {
    assertKey(key);
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { bytes: found.ContentLength ?? 0, contentType: found.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const list = async (prefix: string): Promise<StoredFile[]> => {
    const folder = `${prefix.replace(/\/$/, "")}/`;
    assertKey(folder);
    const found: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ key: item.Key, bytes: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };

  const remove = async (key: string) => {
    assertKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  };

  return {
    kind: "s3",
    client,
    /** Start-up's check that the bucket is there and ours to use, with what to do when it is not. */
    async check() {
      // A write and its delete, not only "is it there": a key that may read but not write would fail every upload.
      const probe = `.shepherd-check/${process.pid}-${Date.now()}`;
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: "ok", ContentType: "text/plain" }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
      } catch (error) {
        throw new Error(describeBucketError(config, error));
      }
    },
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from(await found.Body!.transformToByteArray());
        return { body, contentType: found.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    head,
    async open(key, asked) {
      assertKey(key);
      let request = asked;
      if (request && "suffix" in request) {
        // "The last n bytes" as an explicit range: not every store implements suffix ranges (s3rver sends the first n).
        const found = await head(key);
        if (!found) return null;
        if (request.suffix === 0 || found.bytes === 0) return { unsatisfiable: true, bytes: found.bytes };
        request = { start: Math.max(0, found.bytes - request.suffix), end: undefined };
      }
      try {
        const found = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: request ? rangeHeader(request) : undefined }),
        );
        const contentType = found.ContentType ?? "application/octet-stream";
        const body = found.Body as Readable;
        // "bytes 0-99/1000": the part sent and the whole size. Without it the store sent the whole object.
        const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(found.ContentRange ?? "");
        if (request && part) {
          return { body, contentType, bytes: Number(part[3]), range: { start: Number(part[1]), end: Number(part[2]) } };
        }
        return { body, contentType, bytes: found.ContentLength ?? 0, range: null };
      } catch (error) {
        if (isMissing(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
          const found = await head(key);
          return found ? { unsatisfiable: true, bytes: found.bytes } : null;
        }
        throw error;
      }
    },
    delete: remove,
    list,
    async deleteTree(prefix) {
      // One by one: the batch delete needs a Content-MD5 some stores insist on and others reject; a member has few files.
      for (const file of await list(prefix)) await remove(file.key);
    },
  };
}

function rangeHeader(request: RangeRequest): string {
  return "suffix" in request ? `bytes=-${request.suffix}` : `bytes=${request.start}-${request.end ?? ""}`;
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}

function describeBucketError(config: S3Config, error: unknown): string {
  const where = `bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return `S3_BUCKET: the ${where} does not exist. Create it, or check S3_BUCKET and S3_ENDPOINT.`;
    if (status === 403 || status === 401)
      return `S3_ACCESS_KEY_ID: the ${where} refused these credentials (${status}). Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may read and write the bucket.`;
    return `S3_BUCKET: the ${where} answered ${status ?? "an error"} (${error.name}). Check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `S3_ENDPOINT: the ${where} could not be reached (${reason}). Check S3_ENDPOINT, and that the store is running.`;
}
