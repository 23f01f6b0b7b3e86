import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { appVersion } from "../../version";

describe("appVersion", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A checkout: the root package.json, and the server's bundle folder (stamped when `stamp` is given). */
  const checkout = (stamp?: string) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-version-"));
    dirs.push(root);
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "shepherd", version: "1.4.2" }));
    const dist = path.join(root, "apps", "server", "dist");
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(root, "apps", "server", "package.json"),
      JSON.stringify({ name: "@shepherd/server", version: "0.0.1" }),
    );
    if (stamp) fs.writeFileSync(path.join(dist, ".build-stamp"), `${stamp}\n`);
    return dist;
  };

  test("is the root package.json's version, found from the bundle's folder", () => {
    expect(appVersion(checkout())).toBe("1.4.2");
  });

  test("carries the stamp npm run build writes beside the bundle", () => {
    expect(appVersion(checkout("2026-12-02T01:05:00.000Z"))).toBe("1.4.2 (build 2026-12-02T01:05:00.000Z)");
  });

  test("from the source, the repository's own version", () => {
    const root = JSON.parse(fs.readFileSync(new URL("../../../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(appVersion()).toBe(root.version);
  });
});
