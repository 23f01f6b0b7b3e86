import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live. Local folder by default; the interface allows an S3-compatible store later. */
export interface StorageProvider {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Every file below a folder (`pasture/USER`), with its size and when it was written; [] when there is none. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Deletes a folder and everything in it (a member's files when his account goes). */
  deleteTree(prefix: string): Promise<void>;
}

export interface StoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.startsWith("/")) throw new Error(`Unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): StorageProvider {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body, contentType) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, body);
      await fs.writeFile(`${target}.type`, contentType);
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
          else if (!entry.name.endsWith(".type")) {
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
