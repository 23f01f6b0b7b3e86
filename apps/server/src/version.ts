import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The release: the root package.json's version, found by walking up from `here` (the source or the bundle alike). */
export function releaseVersion(here = HERE): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const found = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (found.name === "shepherd" && found.version) return found.version;
    }
    if (path.dirname(dir) === dir) return "unknown";
  }
}

/**
 * What runs: the release, with the stamp `npm run build` writes beside the bundle (apps/server/dist/.build-stamp)
 * when this runs from one (Admin Health's processes).
 */
export function appVersion(here = HERE): string {
  const version = releaseVersion(here);
  const stamp = path.join(here, ".build-stamp");
  return fs.existsSync(stamp) ? `${version} (build ${fs.readFileSync(stamp, "utf8").trim()})` : version;
}
