import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config";

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

describe(".env.example", () => {
  const root = path.resolve(import.meta.dirname, "../../..");

  test("lists every variable the README's configuration table documents", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
    const listed = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    expect(documented.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(listed))).toEqual([]);
  });

  test("loaded as the README says (set -a; . ./.env), it starts a server with the README's defaults", () => {
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
    const config = loadConfig(JSON.parse(shell.stdout) as NodeJS.ProcessEnv);
    expect(config.sessionCacheSeconds).toBe(0);
    expect(config.passwordHashing).toBe("standard");
  });
});
