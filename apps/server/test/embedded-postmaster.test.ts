import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, test } from "vitest";
import { signUp } from "./helpers/auth";
import { ops } from "./helpers/backup";
import { childrenOf, clusterDir, postmasterPid, preparedDataDir, processAlive, waitUntil } from "./helpers/built-server";
import { embeddedServers, postmasterPort } from "./helpers/embedded";

/**
 * Issue 39, the embedded PostgreSQL's postmaster as an operator meets it: supervised when it dies, on the same port
 * across restarts, and where its cluster lives said plainly when it cannot be in DATA_DIR. The built server on its own
 * DATA_DIR; excluded from the run when DATABASE_URL is set (see vitest.config.ts). Backups: embedded-backup.test.ts.
 */

const { start, stop, newDir, removeAfter, removeClusterAfter } = embeddedServers();

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
      removeClusterAfter(cluster);
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
    removeAfter(dataDir);
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
    removeAfter(dataDir);
    const first = await start(dataDir);
    const port = postmasterPort(dataDir);
    await stop(first);
    await start(dataDir);
    expect(postmasterPort(dataDir)).toBe(port);
    expect(fs.readFileSync(path.join(dataDir, "postgres-port"), "utf8").trim()).toBe(String(port));
  });
});
