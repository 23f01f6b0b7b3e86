import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { countSeriesWords, FOCUS_THEME_IDS, SERIES_LIMITS } from "@shepherd/shared";
import { passageText, resolveWebReference } from "../../bible/passages";
import { loadSeriesLibrary, seriesVersion } from "./library";

/** CONTENT.md, "A series session", and the check it asks of the code: every reference resolves in the shipped WEB. */

const library = loadSeriesLibrary();
const { content } = SERIES_LIMITS;

describe("each starter series", () => {
  test.each(library.map((s) => [s.id, s] as const))(
    "%s is whole, within its limits, and every reference resolves",
    (_id, series) => {
      expect(series.sessions.length).toBeGreaterThanOrEqual(content.sessions.min);
      expect(series.sessions.length).toBeLessThanOrEqual(content.sessions.max);
      expect(FOCUS_THEME_IDS).toContain(series.theme);
      const titles = series.sessions.map((s) => s.title);
      expect(new Set(titles).size, "session titles are distinct").toBe(titles.length);
      series.sessions.forEach((session, i) => {
        const where = `${series.id} session ${i + 1}`;
        const words = countSeriesWords(session.teaching);
        expect(words, `${where} teaching words`).toBeGreaterThanOrEqual(content.teachingWords.min);
        expect(words, `${where} teaching words`).toBeLessThanOrEqual(content.teachingWords.max);
        expect(session.questions.length).toBeGreaterThanOrEqual(4);
        expect(session.questions.length).toBeLessThanOrEqual(6);
        for (const question of session.questions) expect(question, `${where} question`).toMatch(/\?$/);
        expect(session.challenge.length, `${where} challenge`).toBeGreaterThan(20);
        expect(() => resolveWebReference(session.passage), `${where}: ${session.passage}`).not.toThrow();
        expect(passageText(session.passage).length, `${where}: ${session.passage}`).toBeGreaterThan(0);
        // No guilt framing (CONTENT.md): never "you missed", "you should have", "you failed".
        for (const part of [session.teaching, session.challenge, ...session.questions]) {
          expect(part, where).not.toMatch(/\byou\s+(missed|should\s+have|failed|neglected)\b/i);
        }
      });
    },
  );
});

describe("the starter library", () => {
  test("at least six series with distinct ids and titles, each passage used once", () => {
    expect(library.length).toBeGreaterThanOrEqual(6);
    const ids = library.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const titles = library.map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    const passages = library.flatMap((s) => s.sessions.map((x) => x.passage));
    expect(new Set(passages).size).toBe(passages.length);
  });

  test("a file with a reference the WEB does not have stops the start, naming the file and the session", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "series-"));
    const broken = structuredClone(library[0]!);
    broken.sessions[1]!.passage = "James 9:1-4";
    fs.writeFileSync(path.join(dir, `${broken.id}.json`), JSON.stringify(broken));
    expect(() => loadSeriesLibrary(dir)).toThrow(new RegExp(`content/series/${broken.id}\\.json session 2`));
  });

  test("a teaching outside its word limits is refused", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "series-"));
    const short = structuredClone(library[0]!);
    short.sessions[0]!.teaching = "Too short to teach anything.";
    fs.writeFileSync(path.join(dir, `${short.id}.json`), JSON.stringify(short));
    expect(() => loadSeriesLibrary(dir)).toThrow(/teaching has 250 to 450 words/);
  });

  test("the version changes with the content", () => {
    const changed = structuredClone(library[0]!);
    changed.sessions[0]!.challenge += " Then pray.";
    expect(seriesVersion(changed)).not.toBe(seriesVersion(library[0]!));
  });
});
