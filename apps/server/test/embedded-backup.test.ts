import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, test } from "vitest";
import { expectMemberStory, ops, writeMemberStory } from "./helpers/backup";
import { clusterDir, preparedDataDir } from "./helpers/built-server";
import { embeddedServers } from "./helpers/embedded";

/**
 * Issue 39, the embedded PostgreSQL's backups as an operator meets them: backed up while the server runs and restored
 * onto another path; a DATA_DIR with data refused; never silently replaced by an empty database. The built server on
 * its own DATA_DIR; excluded from the run when DATABASE_URL is set (see vitest.config.ts). Its supervision and where
 * its cluster lives: embedded-postmaster.test.ts.
 */

const { start, stop, newDir, removeAfter } = embeddedServers();

describe("backup and restore on the embedded database", () => {
  // Two starts of the built server, the second loading the Bible into the restored database: 30 s alone, more beside
  // the rest of the suite.
  test(
    "backed up while the server runs, destroyed, restored onto another path: the member signs in to all he left",
    { timeout: 180_000 },
    async () => {
      const dataDir = await preparedDataDir("backup");
      removeAfter(dataDir);
      const server = await start(dataDir);
      const story = await writeMemberStory(server.client());

      const archive = path.join(newDir("archives"), "sunday.tar.gz");
      const backup = await ops(["backup", archive], { DATA_DIR: dataDir });
      expect(backup.code, backup.output).toBe(0);
      // The server kept serving throughout, on its own database (the backup used it as it was).
      expect((await server.client().get("/api/health/ready")).status).toBe(200);
      const unpacked = newDir("unpacked");
      await tar.extract({ file: archive, cwd: unpacked, filter: (p) => p === "manifest.json" });
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
      expect(manifest.database).toMatchObject({ kind: "embedded", cluster: clusterDir(dataDir) });
      expect(manifest.postgres.major).toBe(18);

      await stop(server);
      fs.rmSync(dataDir, { recursive: true, force: true });

      const elsewhere = path.join(newDir("another-machine"), "shepherd-data");
      const restore = await ops(["restore", archive], { DATA_DIR: elsewhere });
      expect(restore.code, restore.output).toBe(0);
      // Its first start loads the Bible (not in the archive: shipped content).
      const restored = await start(elsewhere, 150_000);
      await expectMemberStory(restored.client(), story);
    },
  );

  test("restore refuses a DATA_DIR whose database holds data", async () => {
    const dataDir = await preparedDataDir("occupied");
    removeAfter(dataDir);
    const archive = path.join(newDir("archives"), "a.tar.gz");
    expect((await ops(["backup", archive], { DATA_DIR: dataDir })).code).toBe(0);
    const refusedForSecrets = await ops(["restore", archive], { DATA_DIR: dataDir });
    expect(refusedForSecrets.code).toBe(1);
    expect(refusedForSecrets.output).toMatch(/auth-secret already exists\. Restore into an empty DATA_DIR/);
    // Without its generated secrets, the DATA_DIR still has its database: that is refused too.
    for (const secret of ["auth-secret", "vapid.json"]) fs.rmSync(path.join(dataDir, secret), { force: true });
    const refused = await ops(["restore", archive], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Not restoring: the database already has \d+ tables/);
  });

  test("a DATA_DIR copied without its cluster is refused at start, never replaced by an empty database", async () => {
    const dataDir = await preparedDataDir("no-cluster");
    removeAfter(dataDir);
    fs.rmSync(clusterDir(dataDir), { recursive: true, force: true });
    await expect(start(dataDir)).rejects.toThrow(/belonged to a database whose cluster is missing .*npm run restore/s);
    expect(fs.existsSync(path.join(clusterDir(dataDir), "PG_VERSION"))).toBe(false);
  });
});
