import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { resolveRange, type ByteRange, type RangeRequest } from "../../http/range";

/**
 * Where stored files' bytes live: a local folder (the default) or an S3-compatible bucket (s3.ts). Keys are paths such
 * as `avatars/{userId}/{uuid}.png`; the member a file belongs to is in its key (and in stored_files, files.ts).
 */
export interface StorageProvider {
  /** "local" or "s3", for logs and Admin Health. */
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The whole file, read into memory: for small files only (serving goes through open). */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Its size and type, without reading it; null when there is no such file. */
  head(key: string): Promise<{ bytes: number; contentType: string } | null>;
  /**
   * The file as a stream (never read whole), or the part a Range header asks for: one request to the store either
   * way. Null when there is no such file.
   */
  open(key: string, range?: RangeRequest | null): Promise<OpenedFile | UnsatisfiableRange | null>;
  delete(key: string): Promise<void>;
  /** Every file below a folder (`pasture/USER`), with its size and when it was written; [] when there is none. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Deletes a folder and everything in it (a member's files when his account goes). */
  deleteTree(prefix: string): Promise<void>;
}

export interface OpenedFile {
  body: Readable;
  /** The whole file's size. */
  bytes: number;
  contentType: string;
  /** The part `body` holds when a range was asked for; null: the whole file. */
  range: ByteRange | null;
}

/** A range outside the file (416), with the file's size for the Content-Range header. */
export interface UnsatisfiableRange {
  unsatisfiable: true;
  bytes: number;
}

/** Areas whose second key part is the member a file belongs to (`avatars/{userId}/...`). */
export const MEMBER_FILE_AREAS = ["avatars", "pasture", "audio", "devotionals"] as const;

/** Every area a stored file can be in (a key's first part): a member's, and the plans' and series' covers. */
export const STORAGE_AREAS = [...MEMBER_FILE_AREAS, "covers"] as const;

export interface StoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

export function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.startsWith("/")) throw new Error(`Unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): StorageProvider {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  const head = async (key: string) => {
    const target = file(key);
    try {
      const [stat, contentType] = await Promise.all([fs.stat(target), fs.readFile(`${target}.type`, "utf8")]);
      return stat.isFile() ? { bytes: stat.size, contentType } : null;
    } catch {
      return null;
    }
  };
  return {
    kind: "local",
    async put(key, body, contentType) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside and renamed into place, so a reader (or a crash) never sees half a file; the type first, so a
      // file that exists has one.
      const temporary = `${target}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
      await fs.writeFile(`${temporary}.type`, contentType);
      await fs.rename(`${temporary}.type`, `${target}.type`);
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async get(key) {
      const target = file(key);
      try {
        const [body, contentType] = await Promise.all([fs.readFile(target), fs.readFile(`${target}.type`, "utf8")]);
        return { body, contentType };
      } catch {
        return null;
      }
    },
    head,
    async open(key, request) {
      const found = await head(key);
      if (!found) return null;
      const range = request ? resolveRange(request, found.bytes) : null;
      if (range === "unsatisfiable") return { unsatisfiable: true, bytes: found.bytes };
      const body = createReadStream(file(key), range ?? undefined);
      return { body, ...found, range };
    },
    async delete(key) {
      const target = file(key);
      await fs.rm(target, { force: true });
      await fs.rm(`${target}.type`, { force: true });
    },
    async list(prefix) {
      const found: StoredFile[] = [];
      const walk = async (key: string) => {
        let entries;
        try {
          entries = await fs.readdir(file(key), { withFileTypes: true });
        } catch {
          return; // no such folder
        }
        for (const entry of entries) {
          const child = `${key}/${entry.name}`;
          if (entry.isDirectory()) await walk(child);
          else if (!entry.name.endsWith(".type") && !entry.name.endsWith(".partial")) {
            const stat = await fs.stat(file(child));
            found.push({ key: child, bytes: stat.size, modifiedAt: stat.mtime });
          }
        }
      };
      await walk(prefix.replace(/\/$/, ""));
      return found;
    },
    async deleteTree(prefix) {
      await fs.rm(file(prefix.replace(/\/$/, "")), { recursive: true, force: true });
    },
  };
}

/** Where the API serves a stored file: `/api/files/KEY`. */
export const STORED_FILE_PREFIX = "/api/files/";

export const storedFileUrl = (key: string) => `${STORED_FILE_PREFIX}${key}`;

/** Deletes a file we serve at /api/files/KEY; anything else (none, an outside address) is left alone. */
export async function deleteStoredFile(storage: StorageProvider, url: string | null | undefined): Promise<void> {
  if (url?.startsWith(STORED_FILE_PREFIX)) await storage.delete(url.slice(STORED_FILE_PREFIX.length));
}
