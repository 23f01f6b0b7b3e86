import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll } from "vitest";
import { buildServerIfNeeded, clusterDir, removeDataDir, startBuiltServer, type BuiltServer } from "./built-server";

/**
 * Built servers on DATA_DIRs of their own, for a test file about the embedded PostgreSQL: whatever a test started,
 * made or moved is stopped and removed after it, postmasters and relocated clusters included.
 */
export function embeddedServers() {
  let running: BuiltServer[] = [];
  let dirs: string[] = [];
  /** Clusters that lived outside their DATA_DIR (/var/lib/shepherd/clusters/...). */
  let relocated: string[] = [];

  beforeAll(() => buildServerIfNeeded());

  afterEach(async () => {
    for (const server of running) await server.stop();
    running = [];
    for (const dir of dirs) {
      await removeDataDir(dir);
    }
    dirs = [];
    for (const cluster of relocated) fs.rmSync(cluster, { recursive: true, force: true });
    relocated = [];
  });

  return {
    async start(dataDir: string, readyTimeoutMs?: number): Promise<BuiltServer> {
      const server = await startBuiltServer({ dataDir, readyTimeoutMs });
      running.push(server);
      return server;
    },
    async stop(server: BuiltServer): Promise<void> {
      await server.stop();
      running = running.filter((s) => s !== server);
    },
    /** A new 0755 folder, removed after the test. */
    newDir(label: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-${label}-`));
      fs.chmodSync(dir, 0o755);
      dirs.push(dir);
      return dir;
    },
    /** Removes this folder (a DATA_DIR made elsewhere) after the test, its postmaster stopped first. */
    removeAfter(dir: string): void {
      dirs.push(dir);
    },
    /** Removes a cluster that lived outside its DATA_DIR after the test. */
    removeClusterAfter(cluster: string): void {
      relocated.push(cluster);
    },
  };
}

/** The port a running postmaster listens on (the fourth line of its postmaster.pid). */
export function postmasterPort(dataDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[3]);
}
