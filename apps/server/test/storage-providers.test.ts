import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../src/providers/storage/s3";
import { createLocalStorage, type OpenedFile, type StorageProvider } from "../src/providers/storage/storage";
import { startS3Store } from "./helpers/s3";

/** The two stores keep one contract: what one does, the other does (issue 40). The bucket is a real S3 server. */
let s3: Awaited<ReturnType<typeof startS3Store>>;
let localRoot: string;
const stores: Record<string, () => StorageProvider> = {
  local: () => createLocalStorage(localRoot),
  s3: () => createS3Storage(s3.config),
};

beforeAll(async () => {
  s3 = await startS3Store();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-local-store-"));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

async function read(opened: Awaited<ReturnType<StorageProvider["open"]>>): Promise<{ text: string; file: OpenedFile }> {
  if (!opened || "unsatisfiable" in opened) throw new Error(`expected a file, got ${JSON.stringify(opened)}`);
  return { text: await text(opened.body), file: opened };
}

describe.each(Object.keys(stores))("the %s store", (name) => {
  const store = () => stores[name]!();
  const key = `pasture/u-${name}/picture.png`;

  it("keeps a file with its type, and says when there is none", async () => {
    await store().put(key, new TextEncoder().encode("0123456789"), "image/png");
    expect(await store().head(key)).toEqual({ bytes: 10, contentType: "image/png" });
    const got = await store().get(key);
    expect(got?.contentType).toBe("image/png");
    expect(got?.body.toString()).toBe("0123456789");
    expect(await store().head(`pasture/u-${name}/none.png`)).toBeNull();
    expect(await store().get(`pasture/u-${name}/none.png`)).toBeNull();
    expect(await store().open(`pasture/u-${name}/none.png`)).toBeNull();
  });

  it("streams the whole file or the range asked for", async () => {
    const whole = await read(await store().open(key));
    expect(whole.text).toBe("0123456789");
    expect(whole.file).toMatchObject({ bytes: 10, contentType: "image/png", range: null });
    const middle = await read(await store().open(key, { start: 2, end: 4 }));
    expect(middle.text).toBe("234");
    expect(middle.file).toMatchObject({ bytes: 10, range: { start: 2, end: 4 } });
    const tail = await read(await store().open(key, { start: 7, end: undefined }));
    expect(tail.text).toBe("789");
    const suffix = await read(await store().open(key, { suffix: 4 }));
    expect(suffix.text).toBe("6789");
    expect(suffix.file.range).toEqual({ start: 6, end: 9 });
    const past = await read(await store().open(key, { start: 8, end: 500 }));
    expect(past.text).toBe("89");
    expect(past.file.range).toEqual({ start: 8, end: 9 });
    expect(await store().open(key, { start: 10, end: undefined })).toEqual({ unsatisfiable: true, bytes: 10 });
  });

  it("lists a folder, deletes a file and a whole folder", async () => {
    const other = `pasture/u-${name}/second.jpg`;
    await store().put(other, new Uint8Array(3), "image/jpeg");
    await store().put(`avatars/u-${name}/face.png`, new Uint8Array(1), "image/png");
    const listed = await store().list(`pasture/u-${name}`);
    expect(listed.map((f) => f.key).sort()).toEqual([other, key].sort());
    expect(listed.find((f) => f.key === other)?.bytes).toBe(3);
    expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await store().delete(other);
    expect(await store().head(other)).toBeNull();
    await store().delete(other); // deleting what is gone is fine
    await store().deleteTree(`pasture/u-${name}`);
    expect(await store().list(`pasture/u-${name}`)).toEqual([]);
    // Another folder whose name starts the same is not touched.
    expect(await store().head(`avatars/u-${name}/face.png`)).not.toBeNull();
  });

  it("refuses a key that could leave its folder", async () => {
    await expect(store().put("../escape.png", new Uint8Array(1), "image/png")).rejects.toThrow(/Unsafe storage key/);
    await expect(store().open("/etc/passwd")).rejects.toThrow(/Unsafe storage key/);
  });
});

describe("the bucket check at start", () => {
  it("passes for a bucket that is there", async () => {
    await expect(createS3Storage(s3.config).check()).resolves.toBeUndefined();
  });

  it("names the bucket that does not exist", async () => {
    await expect(createS3Storage({ ...s3.config, bucket: "no-such-bucket" }).check()).rejects.toThrow(
      /S3_BUCKET: the bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/,
    );
  });

  it("says the credentials were refused", async () => {
    // s3rver knows its access key ids but does not check version 4 signatures: an unknown key id is refused.
    const wrong = { ...s3.config, credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "S3RVER" } };
    await expect(createS3Storage(wrong).check()).rejects.toThrow(/refused these credentials \(403\)/);
  });

  it("says the store could not be reached", async () => {
    await expect(createS3Storage({ ...s3.config, endpoint: "http://127.0.0.1:9" }).check()).rejects.toThrow(
      /S3_ENDPOINT: the bucket "shepherd-test" at http:\/\/127\.0\.0\.1:9 could not be reached/,
    );
  });
});
