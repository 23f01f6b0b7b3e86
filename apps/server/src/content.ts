import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's content/ folder (devotionals, encouragement, verses of the day, later plans and series), read at
 * start by the areas that use it. Found from the source (apps/server/src) and from the bundle (apps/server/dist) alike.
 */
export function contentDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, "../../../content"), path.resolve(process.cwd(), "content")];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "devotionals")));
  if (!found) throw new Error(`The content library was not found (looked in ${candidates.join(", ")}).`);
  return found;
}
