import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "../src/logger";
import { createDiskCachedStore } from "../src/providers/storage/disk-cache";
import { createS3Storage } from "../src/providers/storage/s3";
import type { StorageProvider } from "../src/providers/storage/storage";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import { waitUntil } from "./helpers/built-server";
import { multipart, TINY_PNG } from "./helpers/upload";
import { startS3Store } from "./helpers/s3";

/**
 * Issue 40: each process's disk copies of the bucket's objects (providers/storage/disk-cache.ts) and their rules: a copy
 * is made after a miss, served while deletions can be heard, ended on every machine by a deletion anywhere, thrown away
 * when its key was deleted while it was fetched, and bounded.
 */
let s3: Awaited<ReturnType<typeof startS3Store>>;
let bucket: StorageProvider;
const cleanup: Array<() => Promise<void> | void> = [];
const log = createLogger("silent");

beforeAll(async () => {
  s3 = await startS3Store();
  bucket = createS3Storage(s3.config);
  cleanup.push(() => s3.stop());
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function cachedStore(maxBytes = 10_000_000) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-cache-"));
  const store = createDiskCachedStore({ store: bucket, root, maxBytes, log });
  cleanup.push(async () => {
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return store;
}

async function read(store: StorageProvider, key: string): Promise<string | null> {
  const opened = await store.open(key);
  if (!opened || "unsatisfiable" in opened) return null;
  return text(opened.body);
}

describe("a process's copies of the bucket", () => {
  test("a read makes a copy, and the next read is served from it", async () => {
    const store = cachedStore();
    await bucket.put("pasture/u1/a.png", Buffer.from("first picture"), "image/png");
    expect(await read(store, "pasture/u1/a.png")).toBe("first picture");
    await store.settled();
    expect(store.kept()).toEqual({ bytes: 13, files: 1 });
    // Gone from the bucket behind our back: the copy still answers (the next test is why that is safe).
    await bucket.delete("pasture/u1/a.png");
    expect(await read(store, "pasture/u1/a.png")).toBe("first picture");
    const part = await store.open("pasture/u1/a.png", { start: 6, end: 12 });
    expect(part && !("unsatisfiable" in part) && (await text(part.body))).toBe("picture");
    // A deletion's notice ends it.
    store.notices.notify("pasture/u1/a.png");
    expect(store.kept().files).toBe(0);
    expect(await read(store, "pasture/u1/a.png")).toBeNull();
  });

  test("while deletions cannot be heard, copies are not served, and all are forgotten once they can", async () => {
    const store = cachedStore();
    await bucket.put("pasture/u2/b.png", Buffer.from("kept"), "image/png");
    await read(store, "pasture/u2/b.png");
    await store.settled();
    await bucket.delete("pasture/u2/b.png");
    store.notices.lost!();
    expect(await read(store, "pasture/u2/b.png")).toBeNull();
    store.notices.reconnected!();
    expect(store.kept().files).toBe(0);
  });

  test("a copy whose key is deleted while it is fetched is thrown away", async () => {
    const store = cachedStore();
    await bucket.put("audio/u3/c-0123456789abcdef.mp3", Buffer.from("ID3 audio"), "audio/mpeg");
    expect(await read(store, "audio/u3/c-0123456789abcdef.mp3")).toBe("ID3 audio");
    store.notices.notify("audio/u3/c-0123456789abcdef.mp3");
    await store.settled();
    expect(store.kept().files).toBe(0);
  });

  test("copies stay within their bytes, the least recently used going first, and large objects are not copied", async () => {
    const store = cachedStore(800);
    const keys = Array.from({ length: 9 }, (_, i) => `covers/plan/c${i}.png`);
    for (const key of keys) await bucket.put(key, Buffer.alloc(90, 1), "image/png");
    await bucket.put("covers/plan/large.png", Buffer.alloc(101, 1), "image/png");
    for (const key of keys.slice(0, 8)) {
      await read(store, key);
      await store.settled();
    }
    expect(store.kept()).toEqual({ bytes: 720, files: 8 });
    await read(store, keys[0]!); // used again: now the most recent
    await read(store, keys[8]!);
    await store.settled();
    // 810 bytes would be over 800: the least recently used (c1) went.
    expect(store.kept()).toEqual({ bytes: 720, files: 8 });
    for (const key of keys) await bucket.delete(key);
    expect(await read(store, keys[1]!)).toBeNull();
    expect(await read(store, keys[0]!)).not.toBeNull();
    // More than an eighth of 800 bytes: never copied.
    await read(store, "covers/plan/large.png");
    await store.settled();
    expect(store.kept().files).toBe(8);
  });
});

describe("two servers on one bucket", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ env: s3.env });
    b = await startTestApp({ database: a.database, env: s3.env });
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
  });

  test("a picture deleted through A is gone from B's copy at once", async () => {
    const onA = a.client();
    const user = await signUp(onA);
    const form = await multipart({ avatar: { bytes: TINY_PNG, filename: "me.png", type: "image/png" } });
    const uploaded = await onA.request("POST", "/api/profile/avatar", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    const url = uploaded.json().avatar_url as string;
    const onB = b.client();
    const { signIn } = await import("./helpers/auth");
    expect((await signIn(onB, user)).status).toBe(200);
    expect((await onB.get(url)).status).toBe(200);
    const copies = path.join(b.dataDir, "cache", "storage", String(process.pid));
    const copy = path.join(copies, url.replace("/api/files/", ""));
    await waitUntil(() => fs.existsSync(copy), "B to keep a copy of the avatar", 10_000);

    expect((await onA.request("DELETE", "/api/profile/avatar")).status).toBe(200);
    await waitUntil(async () => (await onB.get(url)).status === 404, "B to stop serving the deleted avatar", 5_000);
    expect(fs.existsSync(copy)).toBe(false);
  });
});
