import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { createS3Storage } from "../src/providers/storage/s3";
import { startTestApp, type TestApp } from "./helpers/app";
import { signIn, signUp } from "./helpers/auth";
import { ops } from "./helpers/backup";
import { buildServerIfNeeded } from "./helpers/built-server";
import { createEmptyDatabase } from "./helpers/database";
import { multipart, TINY_PNG } from "./helpers/upload";
import { startS3Store } from "./helpers/s3";

/**
 * Issue 40: `npm run storage:copy -- --to bucket|folder` (apps/server/dist/ops.js, as the npm script runs it) moves a
 * running site's stored files between DATA_DIR/storage and a bucket on a real S3 server, resumably, without losing one.
 */
let s3: Awaited<ReturnType<typeof startS3Store>>;
let app: TestApp;
const cleanup: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  buildServerIfNeeded();
  s3 = await startS3Store();
  app = await startTestApp();
  cleanup.push(
    () => app.close(),
    () => s3.stop(),
  );
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const env = (dataDir: string) => ({ DATABASE_URL: app.database.url, DATA_DIR: dataDir, ...s3.env });

describe("npm run storage:copy", () => {
  test("copies the folder into the bucket, carries on where a cut-off copy stopped, and back", { timeout: 180_000 }, async () => {
    const client = app.client();
    const user = await signUp(client);
    const form = await multipart({ avatar: { bytes: TINY_PNG, filename: "me.png", type: "image/png" } });
    const uploaded = await client.request("POST", "/api/profile/avatar", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const avatarUrl = uploaded.json().avatar_url as string;
    const avatar = (await client.get(avatarUrl)).body;
    const audioKey = `audio/${user.id}/daily-devotional-1-0123456789abcdef.mp3`;
    await app.ctx.storage.put(audioKey, Buffer.from("ID3 three minutes of audio"), "audio/mpeg");
    const pictureKey = `pasture/${user.id}/field.png`;
    await app.ctx.storage.put(pictureKey, TINY_PNG, "image/png");
    // A copy cut off after its first file: that one is in the bucket already.
    const bucket = createS3Storage(s3.config);
    await bucket.put(audioKey, Buffer.from("ID3 three minutes of audio"), "audio/mpeg");

    const first = await ops(["storage:copy", "--to", "bucket"], env(app.dataDir));
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("Done: 2 files copied");
    expect(first.output).toContain("1 already there");
    expect(first.output).toContain(`Nothing was deleted from ${path.join(app.dataDir, "storage")}`);
    const again = await ops(["storage:copy", "--to", "bucket"], env(app.dataDir));
    expect(again.output).toContain("Done: 0 files copied (0.0 MB), 3 already there");
    expect((await bucket.get(pictureKey))?.body.equals(TINY_PNG)).toBe(true);
    expect((await bucket.head(audioKey))?.contentType).toBe("audio/mpeg");

    // A second server on the bucket, with a DATA_DIR of its own, serves what the folder held.
    const onBucket = await startTestApp({ database: app.database, env: s3.env });
    cleanup.push(() => onBucket.close());
    const there = onBucket.client();
    expect((await signIn(there, user)).status).toBe(200);
    const served = await there.get(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.body.equals(avatar)).toBe(true);

    // And back into an empty folder, with the database still knowing every file.
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-copy-back-"));
    cleanup.push(() => fs.rmSync(fresh, { recursive: true, force: true }));
    const back = await ops(["storage:copy", "--to", "folder"], env(fresh));
    expect(back.code, back.output).toBe(0);
    expect(back.output).toContain("Done: 3 files copied");
    expect(fs.readFileSync(path.join(fresh, "storage", pictureKey)).equals(TINY_PNG)).toBe(true);
    const rows = await app.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.ownerId, user.id));
    expect(rows.map((r) => r.key).sort()).toEqual([audioKey, avatarUrl.replace("/api/files/", ""), pictureKey].sort());
  });

  // Four operator commands, each a process of its own, and two servers: minutes on a loaded CI machine.
  test(
    "a backup of a server on a bucket names the bucket, or holds its objects --with-objects, and restores them",
    { timeout: 240_000 },
    async () => {
      const onBucket = await startTestApp({ env: s3.env });
      cleanup.push(() => onBucket.close());
      const client = onBucket.client();
      const user = await signUp(client);
      const form = await multipart({ avatar: { bytes: TINY_PNG, filename: "me.png", type: "image/png" } });
      const uploaded = await client.request("POST", "/api/profile/avatar", {
        body: form.body,
        headers: { "content-type": form.contentType },
      });
      const avatarUrl = uploaded.json().avatar_url as string;
      const avatar = (await client.get(avatarUrl)).body;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-bucket-backup-"));
      cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const where = { DATABASE_URL: onBucket.database.url, DATA_DIR: onBucket.dataDir, ...s3.env };

      const plain = await ops(["backup", path.join(dir, "plain.tar.gz")], where);
      expect(plain.code, plain.output).toBe(0);
      expect(plain.output).toContain("0 stored files");
      expect(plain.output).toContain(`The stored files stay in the bucket ${s3.config.bucket}`);
      const full = await ops(["backup", path.join(dir, "full.tar.gz"), "--with-objects"], where);
      expect(full.code, full.output).toBe(0);
      expect(full.output).toMatch(/[1-9]\d* stored files/);

      // Into an empty database and another, empty bucket: the member and his avatar come back.
      const other = await startS3Store({ bucket: "shepherd-restored" });
      cleanup.push(() => other.stop());
      const database = await createEmptyDatabase();
      cleanup.push(() => database.drop());
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-bucket-restore-"));
      cleanup.push(() => fs.rmSync(fresh, { recursive: true, force: true }));
      const restored = await ops(["restore", path.join(dir, "full.tar.gz")], {
        DATABASE_URL: database.url,
        DATA_DIR: fresh,
        ...other.env,
      });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain("and the bucket shepherd-restored.");
      const back = await startTestApp({ database, env: other.env, dataDir: fresh });
      cleanup.push(() => back.close());
      const again = back.client();
      expect((await signIn(again, user)).status).toBe(200);
      const served = await again.get(avatarUrl);
      expect(served.status).toBe(200);
      expect(served.body.equals(avatar)).toBe(true);
      // A second restore would overwrite: refused before anything is written.
      const second = await createEmptyDatabase();
      cleanup.push(() => second.drop());
      const twice = await ops(["restore", path.join(dir, "full.tar.gz")], {
        DATABASE_URL: second.url,
        DATA_DIR: path.join(dir, "second"),
        ...other.env,
      });
      expect(twice.code).toBe(1);
      expect(twice.output).toContain("The bucket already holds avatars files.");
    },
  );

  test("says what to set when there is no bucket, and how to call it", { timeout: 120_000 }, async () => {
    const none = await ops(["storage:copy", "--to", "bucket"], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir });
    expect(none.code).toBe(2);
    expect(none.output).toContain("Set S3_BUCKET");
    const wrong = await ops(["storage:copy", "--to", "somewhere"], env(app.dataDir));
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("npm run storage:copy -- --to bucket|folder");
  });
});
