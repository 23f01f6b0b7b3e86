import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config";

describe("PASSWORD_HASHING", () => {
  test("is Better Auth's standard scrypt unless set", () => {
    for (const NODE_ENV of ["production", "development", "test"])
      expect(loadConfig({ NODE_ENV }).passwordHashing).toBe("standard");
  });

  test("test cost is taken only with NODE_ENV=test", () => {
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "test" }).passwordHashing).toBe("test");
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "test" })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "test" })).toThrow(/PASSWORD_HASHING: test .*\(NODE_ENV=test\)/);
    }
  });

  test("anything else is refused with the values it may take", () => {
    expect(() => loadConfig({ PASSWORD_HASHING: "cheap" })).toThrow(/PASSWORD_HASHING must be standard or test/);
  });
});

describe("TRUST_PROXY", () => {
  const trustProxy = (TRUST_PROXY?: string) => loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxy;

  test("is off unless set, and with false or 0", () => {
    expect(trustProxy()).toEqual({ mode: "off" });
    expect(trustProxy("false")).toEqual({ mode: "off" });
    expect(trustProxy("0")).toEqual({ mode: "off" });
  });

  test("true is one proxy in front; a number is that many", () => {
    expect(trustProxy("true")).toEqual({ mode: "hops", hops: 1 });
    expect(trustProxy("3")).toEqual({ mode: "hops", hops: 3 });
  });

  test("takes the proxies' addresses and ranges, IPv4 and IPv6", () => {
    const parsed = trustProxy("10.0.0.0/8, 192.0.2.10,fd00::/8, 2001:db8::1");
    expect(parsed).toMatchObject({ mode: "addresses", proxies: ["10.0.0.0/8", "192.0.2.10", "fd00::/8", "2001:db8::1"] });
    if (parsed.mode !== "addresses") return;
    expect(parsed.ranges.check("10.200.0.1", "ipv4")).toBe(true);
    expect(parsed.ranges.check("192.0.2.10", "ipv4")).toBe(true);
    expect(parsed.ranges.check("192.0.2.11", "ipv4")).toBe(false);
    expect(parsed.ranges.check("fdab::1", "ipv6")).toBe(true);
    expect(parsed.ranges.check("2001:db8::2", "ipv6")).toBe(false);
  });

  test("an entry that is neither an address nor a range is refused at start, named", () => {
    for (const [value, entry] of [
      ["10.0.0.0/33", "10.0.0.0/33"],
      ["10.0.0.1, 10.0.0.300", "10.0.0.300"],
      ["fd00::/129", "fd00::/129"],
      ["10.0.0.0/8/8", "10.0.0.0/8/8"],
      ["10.0.0.0/", "10.0.0.0/"],
      ["yes", "yes"],
      ["-1", "-1"],
      [",", ","],
    ]) {
      expect(() => trustProxy(value), value).toThrow(ConfigError);
      expect(() => trustProxy(value), value).toThrow(
        `TRUST_PROXY: "${entry}" is not an IP address or a range such as 10.0.0.0/8 or fd00::/8 (TRUST_PROXY is false, true, the number of proxies in front, or their addresses)`,
      );
    }
  });
});

describe("SERVER_ROLE", () => {
  test("is all unless set; web and worker are taken", () => {
    expect(loadConfig({}).serverRole).toBe("all");
    expect(loadConfig({ SERVER_ROLE: "web" }).serverRole).toBe("web");
    expect(loadConfig({ SERVER_ROLE: "worker" }).serverRole).toBe("worker");
  });

  test("anything else is refused with the values it may take", () => {
    for (const value of ["workers", "Web", "both"])
      expect(() => loadConfig({ SERVER_ROLE: value }), value).toThrow(/SERVER_ROLE: SERVER_ROLE must be web, worker or all/);
  });
});

describe(".env.example", () => {
  const root = path.resolve(import.meta.dirname, "../../..");

  /** The environment `set -a; . ./.env.example` gives a process (as the README says to load it). */
  const envFromShell = (): Record<string, string> => {
    const shell = spawnSync(
      "sh",
      ["-c", `set -a; . ./.env.example; "${process.execPath}" -e 'console.log(JSON.stringify(process.env))'`],
      {
        cwd: root,
        env: { PATH: process.env.PATH },
        encoding: "utf8",
      },
    );
    expect(shell.stderr).toBe("");
    return JSON.parse(shell.stdout) as Record<string, string>;
  };

  test("lists every variable the README's configuration table documents", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
    const listed = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    expect(documented.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(listed))).toEqual([]);
  });

  test("lists every variable the server reads, and none it does not (the config schema's own list)", () => {
    const listed = [...fs.readFileSync(path.join(root, ".env.example"), "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1]!,
    );
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
    // Read before the server starts, by npm start's own script (and so not in the server's schema).
    const startScript = fs.readFileSync(path.join(root, "scripts/start.mjs"), "utf8");
    const readByStart = listed.filter((name) => startScript.includes(`process.env.${name}`));
    expect(readByStart).toEqual(["SKIP_BUILD"]);
    expect(listed.filter((name) => !CONFIG_VARIABLES.includes(name) && !readByStart.includes(name))).toEqual([]);
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
    expect(CONFIG_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  test("loaded as the README says (set -a; . ./.env), it starts a server with the README's defaults", () => {
    const config = loadConfig(envFromShell());
    expect(config.sessionCacheSeconds).toBe(0);
    expect(config.passwordHashing).toBe("standard");
  });

  test("read as systemd's EnvironmentFile= reads it (no shell), every value is what the shell makes of it", () => {
    const fromShell = envFromShell();
    // systemd.exec(5): a line is a comment only when it starts with # or ;, and a value keeps everything after the =
    // (a "# comment" after it too), its enclosing quotes removed.
    const fromSystemd = fs
      .readFileSync(path.join(root, ".env.example"), "utf8")
      .split("\n")
      .filter((line) => line.trim() && !/^\s*[#;]/.test(line))
      .map((line) => {
        const [, name, value] = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line) ?? [];
        expect(name, `a line systemd cannot read: ${line}`).toBeDefined();
        return [name!, value!.replace(/^"(.*)"$|^'(.*)'$/, "$1$2")] as const;
      });
    expect(fromSystemd.length).toBeGreaterThan(30);
    for (const [name, value] of fromSystemd) expect(value, name).toBe(fromShell[name] ?? "");
  });
});
