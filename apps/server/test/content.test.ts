import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS } from "@shepherd/shared";
import { passageText } from "../src/bible/passages";
import { loadLibrary, type LibraryDevotional } from "../src/providers/ai/library";

/** CONTENT.md "Checks the code should make": every reference resolves in the shipped Bible; every devotional is whole. */

const library = loadLibrary();
const everyDevotional: LibraryDevotional[] = [...library.devotionals, ...library.backups];
const here = path.dirname(fileURLToPath(import.meta.url));

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The web app's own copy of the backup verse texts, read from its source (it cannot be imported from here). */
function webBackupPassageText(): Record<string, string> {
  const source = fs.readFileSync(path.resolve(here, "../../web/src/features/today/backup-devotionals.ts"), "utf8");
  const start = source.indexOf("BACKUP_PASSAGE_TEXT");
  expect(start, "BACKUP_PASSAGE_TEXT is exported by the web app").toBeGreaterThan(-1);
  const open = source.indexOf("{", source.indexOf("=", start));
  const close = source.indexOf("};", open);
  const literal = source.slice(open, close + 1);
  const result: Record<string, string> = {};
  for (const match of literal.matchAll(/"((?:[^"\\]|\\.)+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    result[JSON.parse(`"${match[1]}"`) as string] = JSON.parse(`"${match[2]}"`) as string;
  }
  return result;
}

describe("the devotional library", () => {
  test("has 8 devotionals for each of the eight themes, 64 in all, with unique ids and passages", () => {
    expect(FOCUS_THEME_IDS).toHaveLength(8);
    expect(library.devotionals).toHaveLength(64);
    for (const theme of FOCUS_THEME_IDS) {
      expect(
        library.devotionals.filter((d) => d.theme === theme),
        theme,
      ).toHaveLength(8);
    }
    const ids = everyDevotional.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const passages = everyDevotional.map((d) => d.passage);
    expect(new Set(passages).size).toBe(passages.length);
  });

  test("the backups are exactly Ephesians 5:25, Proverbs 27:17 and Joshua 24:15", () => {
    expect(library.backups.map((d) => d.passage)).toEqual(["Ephesians 5:25", "Proverbs 27:17", "Joshua 24:15"]);
  });

  test.each(everyDevotional.map((d) => [d.id, d] as const))("%s resolves in the WEB and is whole", (_id, d) => {
    const text = passageText(d.passage);
    expect(text.trim().length, d.passage).toBeGreaterThan(0);
    expect(text).not.toMatch(/undefined/);

    const bodyWords = words(d.body);
    expect(bodyWords, `${d.id} body words`).toBeGreaterThanOrEqual(250);
    expect(bodyWords, `${d.id} body words`).toBeLessThanOrEqual(450);

    expect(d.title.trim()).not.toBe("");
    // One reflection question: exactly one question mark, at the end.
    expect(d.reflection.match(/\?/g), `${d.id} reflection`).toHaveLength(1);
    expect(d.reflection.trim().endsWith("?"), `${d.id} reflection`).toBe(true);
    expect(words(d.prayer), `${d.id} prayer`).toBeGreaterThanOrEqual(5);
  });

  test("the web app's copy of the backup verses is the WEB text of each", () => {
    const web = webBackupPassageText();
    expect(Object.keys(web).sort()).toEqual(library.backups.map((d) => d.passage).sort());
    for (const backup of library.backups) {
      expect(web[backup.passage], backup.passage).toBe(passageText(backup.passage));
    }
  });

  test("the encouragement library has whispers for each trigger", () => {
    for (const trigger of ["victory", "struggle", "daily_checkin"] as const) {
      expect(library.encouragement[trigger].length, trigger).toBeGreaterThan(0);
      for (const message of library.encouragement[trigger]) expect(message.trim()).not.toBe("");
    }
  });
});
