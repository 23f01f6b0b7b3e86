import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { AVATAR_MAX_BYTES, GATHERING_WS_PATH, JSON_BODY_LIMIT_BYTES } from "@shepherd/shared";
import { PASTURE_IMAGE_MAX_BYTES } from "./modules/pasture/routes";

/**
 * Issue 39: the deployment guide (docs/deploy.md) and its files in deploy/ name paths, limits and variables of the
 * server. These tests read them as an operator would copy them, and fail when the server no longer has what they name.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const guide = read("docs/deploy.md");
const unit = read("deploy/shepherd.service");
const nginx = read("deploy/nginx.conf");
const caddy = read("deploy/Caddyfile");
const readme = read("README.md");

/** The server's routes as their files declare them: `.get("/realtime"` in a module mounted at /api. */
const app = read("apps/server/src/app.ts");
const healthRoutes = read("apps/server/src/modules/health/routes.ts");
const realtimeRoutes = read("apps/server/src/realtime/routes.ts");

/** Lines that are not comments (nginx and the Caddyfile use #, a systemd unit # and ;). */
const settings = (text: string) => text.split("\n").filter((line) => !/^\s*[#;]/.test(line));

/** A size as nginx (`6m`) or Caddy (`6MB`) writes it, in bytes. */
function bytes(size: string): number {
  const match = /^(\d+)\s*([kmg]?)i?b?$/i.exec(size.trim());
  if (!match) throw new Error(`not a size: ${size}`);
  const unitPower = { "": 0, k: 1, m: 2, g: 3 }[match[2]!.toLowerCase() as "" | "k" | "m" | "g"];
  return Number(match[1]) * 1024 ** unitPower;
}

/** The largest request body the server accepts: a Pasture picture with the room app.ts allows for its form. */
const LARGEST_BODY = Math.max(PASTURE_IMAGE_MAX_BYTES, AVATAR_MAX_BYTES, JSON_BODY_LIMIT_BYTES) + 64 * 1024;

describe("deploy/nginx.conf", () => {
  const config = settings(nginx).join("\n");

  test("streams the Server-Sent Events route the server serves, unbuffered and kept open", () => {
    expect(app).toMatch(/app\.route\("\/api", api\)/);
    expect(app).toMatch(/api\.route\("\/", realtimeRoutes\(ctx\)\)/);
    expect(realtimeRoutes).toMatch(/\.get\("\/realtime"/);
    const block = /location = \/api\/realtime \{([^}]*)\}/.exec(config)?.[1];
    expect(block, "a location for /api/realtime").toBeDefined();
    expect(block).toMatch(/proxy_buffering off;/);
    expect(block).toMatch(/gzip off;/);
    // Longer than the server's heartbeat (25 s), so an idle stream is not cut.
    expect(block).toMatch(/proxy_read_timeout 1h;/);
  });

  test("passes the upgrade of every gathering WebSocket path the server accepts, with the forwarding headers", () => {
    const location = /location ~ (\S+) \{([^}]*)\}/.exec(config);
    expect(location, "a regex location for the gathering socket").not.toBeNull();
    const pattern = new RegExp(location![1]!);
    for (const room of ["abcdefghijkl", "abcdefghijkl0123", "a1".repeat(16)]) {
      const url = `/api/gatherings/${room}/ws`;
      expect(GATHERING_WS_PATH.test(url), url).toBe(true);
      expect(pattern.test(url), url).toBe(true);
    }
    expect(pattern.test("/api/gatherings/abcdefghijkl/ws/more")).toBe(false);
    const block = location![2]!;
    // A location with proxy_set_header lines of its own inherits none of the server block's.
    for (const header of [
      "Upgrade $http_upgrade",
      'Connection "upgrade"',
      "Host $host",
      "X-Forwarded-For $proxy_add_x_forwarded_for",
      "X-Forwarded-Proto $scheme",
    ]) {
      expect(block).toContain(`proxy_set_header ${header};`);
    }
    expect(block).toMatch(/proxy_read_timeout 1h;/);
  });

  test("forwards the client's address and takes the server's largest body", () => {
    expect(config).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    const size = /client_max_body_size (\S+);/.exec(config)?.[1];
    expect(size).toBeDefined();
    expect(bytes(size!)).toBeGreaterThanOrEqual(LARGEST_BODY);
  });

  test("proxies to the port the guide's settings give the server", () => {
    expect(config).toMatch(/server 127\.0\.0\.1:3000;/);
    expect(guide).toMatch(/^PORT=3000$/m);
    expect(guide).toMatch(/^HOST=127\.0\.0\.1$/m);
  });
});

describe("deploy/Caddyfile", () => {
  test("proxies to the server and takes its largest body", () => {
    const config = settings(caddy).join("\n");
    expect(config).toMatch(/reverse_proxy 127\.0\.0\.1:3000/);
    const size = /max_size (\S+)/.exec(config)?.[1];
    expect(size).toBeDefined();
    expect(bytes(size!)).toBeGreaterThanOrEqual(LARGEST_BODY);
  });
});

describe("deploy/shepherd.service", () => {
  const lines = settings(unit);
  const values = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));

  test("waits for the readiness route the server serves", () => {
    expect(healthRoutes).toMatch(/\.get\("\/health\/ready"/);
    expect(healthRoutes).toMatch(/\.get\("\/health"/);
    expect(app).toMatch(/api\.route\("\/", healthRoutes\(ctx\)\)/);
    expect(unit).toMatch(/^ExecStartPost=/m);
    expect(unit).toContain('"/api/health/ready"');
  });

  test("runs the start script without building, and stops within the server's own shutdown time", () => {
    const [start] = values("ExecStart");
    expect(start).toBe("/usr/bin/node scripts/start.mjs");
    expect(fs.existsSync(path.join(root, "scripts/start.mjs"))).toBe(true);
    expect(read("scripts/start.mjs")).toContain('process.env.SKIP_BUILD !== "true"');
    expect(values("Environment")).toContain("SKIP_BUILD=true");
    expect(values("KillMode")).toEqual(["mixed"]);
    // main.ts exits by itself after 25 s (one process) or 30 s (the cluster's primary); systemd must wait longer.
    const main = read("apps/server/src/main.ts");
    const forced = [...main.matchAll(/process\.exit\(1\);\s*\}, (\d+)_?(\d*)\);/g)].map((m) => Number(m[1]! + m[2]!));
    expect(forced.length).toBeGreaterThan(0);
    expect(Number(values("TimeoutStopSec")[0])).toBeGreaterThan(Math.max(...forced) / 1000);
  });
});

describe("docs/deploy.md", () => {
  /** The README's configuration table: every row starts with a backticked variable. */
  const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!));
  /** Other programs' variables the guide sets, and backticked capitals that are not variables (`NAME=value`, `COPY`). */
  const notShepherds = new Set(["PATH", "TMPDIR", "NAME", "COPY"]);

  /** Every variable the guide and the unit name: backticked (`NAME`, `NAME=...`, `NAME/...`), or set in a code block. */
  function variablesNamed(text: string): Set<string> {
    const names = new Set<string>();
    const prose = text.replace(/```[\s\S]*?```/g, "");
    for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
      const name = /^([A-Z][A-Z0-9_]{2,})(?=$|[=/])/.exec(span!)?.[1];
      if (name) names.add(name);
    }
    for (const [, block] of text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)) {
      for (const [, name] of block!.matchAll(/(?:^|[\s"'])([A-Z][A-Z0-9_]{2,})=/gm)) names.add(name!);
    }
    return names;
  }

  test("names only variables the README's configuration table documents", () => {
    const named = [...variablesNamed(guide), ...settings(unit).flatMap((l) => /^Environment=([A-Z0-9_]+)=/.exec(l)?.[1] ?? [])];
    expect(named.length).toBeGreaterThan(20);
    expect([...new Set(named)].filter((name) => !documented.has(name) && !notShepherds.has(name)).sort()).toEqual([]);
  });

  test("links only to files and README sections that exist", () => {
    const headings = new Set(
      [...readme.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, "")
          .replace(/ /g, "-"),
      ),
    );
    const ownHeadings = new Set(
      [...guide.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, "")
          .replace(/ /g, "-"),
      ),
    );
    const links = [...guide.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^https?:/.test(l));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const [file, anchor] = link.split("#");
      if (file) expect(fs.existsSync(path.join(root, "docs", file)), link).toBe(true);
      if (anchor)
        expect((file?.endsWith("README.md") ? headings : file ? null : ownHeadings)?.has(anchor) ?? true, link).toBe(true);
    }
  });

  test("runs the operator's commands that exist", () => {
    const ops = read("apps/server/src/ops.ts");
    for (const [, command] of guide.matchAll(/scripts\/ops\.mjs (\w+)/g)) expect(ops).toContain(`command !== "${command}"`);
    for (const [, script] of guide.matchAll(/(scripts\/[\w-]+\.mjs)/g))
      expect(fs.existsSync(path.join(root, script!)), script).toBe(true);
    // The README points to the guide.
    expect(readme).toContain("docs/deploy.md");
  });
});
