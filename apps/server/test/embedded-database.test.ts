import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { signUp } from "./helpers/auth";
import { expectMemberStory, ops, writeMemberStory } from "./helpers/backup";
import {
  buildServerIfNeeded,
  childrenOf,
  clusterDir,
  postmasterPid,
  preparedDataDir,
  processAlive,
  startBuiltServer,
  waitUntil,
  type BuiltServer,
} from "./helpers/built-server";

/**
 * Issue 39, the embedded PostgreSQL as an operator meets it: backed up while the server runs and restored onto another
 * path; supervised when its postmaster dies; on the same port across restarts; never silently replaced by an empty one.
 * The built server on its own DATA_DIR; excluded from the run when DATABASE_URL is set (see vitest.config.ts).
 */

let running: BuiltServer[] = [];
let dirs: string[] = [];
/** Clusters that lived outside their DATA_DIR (/var/lib/shepherd/clusters/...), removed after the test too. */
let relocated: string[] = [];

beforeAll(() => buildServerIfNeeded());

afterEach(async () => {
  for (const server of running) await server.stop();
  running = [];
  for (const dir of dirs) {
    const pid = postmasterPid(dir);
    if (pid && processAlive(pid)) {
      process.kill(pid, "SIGINT");
      await waitUntil(() => !processAlive(pid), `postmaster ${pid} to stop`, 30_000).catch(() => process.kill(pid, "SIGKILL"));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  dirs = [];
  for (const cluster of relocated) fs.rmSync(cluster, { recursive: true, force: true });
  relocated = [];
});

async function start(dataDir: string): Promise<BuiltServer> {
  const server = await startBuiltServer({ dataDir });
  running.push(server);
  return server;
}

async function stop(server: BuiltServer): Promise<void> {
  await server.stop();
  running = running.filter((s) => s !== server);
}

function newDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-${label}-`));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** The port a running postmaster listens on (the fourth line of its postmaster.pid). */
function postmasterPort(dataDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[3]);
}

describe("backup and restore on the embedded database", () => {
  test("backed up while the server runs, destroyed, restored onto another path: the member signs in to all he left", async () => {
    const dataDir = await preparedDataDir("backup");
    dirs.push(dataDir);
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
    const restored = await start(elsewhere);
    await expectMemberStory(restored.client(), story);
  });

  test("restore refuses a DATA_DIR whose database holds data", async () => {
    const dataDir = await preparedDataDir("occupied");
    dirs.push(dataDir);
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
    dirs.push(dataDir);
    fs.rmSync(clusterDir(dataDir), { recursive: true, force: true });
    await expect(start(dataDir)).rejects.toThrow(/belonged to a database whose cluster is missing .*npm run restore/s);
    expect(fs.existsSync(path.join(clusterDir(dataDir), "PG_VERSION"))).toBe(false);
  });
});

describe("where the cluster lives", () => {
  test("when the postgres user cannot reach DATA_DIR, the start log, the location file and the backup say where it is", async () => {
    // A DATA_DIR inside a folder closed to other users (a checkout under /root, mode 0700).
    const closed = newDir("closed");
    fs.chmodSync(closed, 0o700);
    const dataDir = path.join(closed, "data");
    const server = await start(dataDir);
    const archive = path.join(newDir("archives"), "where.tar.gz");
    const backup = await ops(["backup", archive], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const unpacked = newDir("unpacked");
    await tar.extract({ file: archive, cwd: unpacked, filter: (p) => p === "manifest.json" });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
    const cluster = clusterDir(dataDir);
    expect(manifest.database.cluster).toBe(cluster);
    if (process.getuid?.() === 0) {
      // PostgreSQL runs as the postgres user: its cluster cannot be in DATA_DIR, and nothing about that is silent.
      relocated.push(cluster);
      expect(cluster).toMatch(/^\/var\/lib\/shepherd\/clusters\//);
      expect(server.output()).toContain(`the database cluster lives in ${cluster}`);
      expect(fs.readFileSync(path.join(dataDir, "postgres-location.txt"), "utf8")).toContain(cluster);
      expect(manifest.database.clusterNote).toMatch(/A copy of DATA_DIR alone holds no database/);
      expect(backup.output).toContain(`the database cluster lives in ${cluster}`);
    } else {
      // As its owner, PostgreSQL reaches DATA_DIR whatever the folders above allow others.
      expect(cluster).toBe(path.join(dataDir, "postgres"));
      expect(manifest.database.clusterNote).toBeNull();
    }
  });
});

describe("the embedded postmaster is supervised, on one port", () => {
  test("killed with SIGKILL, it is started again on the same port, and the server answers again", async () => {
    const dataDir = await preparedDataDir("supervised");
    dirs.push(dataDir);
    const server = await start(dataDir);
    const first = postmasterPid(dataDir)!;
    const port = postmasterPort(dataDir);
    const backends = childrenOf(first);
    process.kill(first, "SIGKILL");

    await waitUntil(
      () => {
        const now = postmasterPid(dataDir);
        return now !== null && now !== first && processAlive(now);
      },
      "a new postmaster",
      60_000,
    );
    await waitUntil(() => backends.every((pid) => !processAlive(pid)), "the old backends to be gone");
    expect(postmasterPort(dataDir)).toBe(port);
    await waitUntil(async () => (await server.client().get("/api/health/ready")).status === 200, "the server to be ready again");
    const client = server.client();
    await signUp(client, { name: "After The Restart" });
    expect((await client.get("/api/me")).json().user.name).toBe("After The Restart");
    expect(server.output()).toMatch(/the embedded PostgreSQL stopped unexpectedly; starting it again/);
  });

  test("the port stays the same across restarts of the same DATA_DIR", async () => {
    const dataDir = await preparedDataDir("one-port");
    dirs.push(dataDir);
    const first = await start(dataDir);
    const port = postmasterPort(dataDir);
    await stop(first);
    await start(dataDir);
    expect(postmasterPort(dataDir)).toBe(port);
    expect(fs.readFileSync(path.join(dataDir, "postgres-port"), "utf8").trim()).toBe(String(port));
  });
});
