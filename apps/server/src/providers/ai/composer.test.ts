import { describe, expect, test } from "vitest";
import type { FocusThemeId } from "@shepherd/shared";
import type { DevotionalRequest } from "./ai";
import { chooseDevotional } from "./composer";
import { loadLibrary, type LibraryDevotional } from "./library";

/** The offline composer's choice of a devotional from the library (decision 005). */

const library = loadLibrary().devotionals;

function request(over: Partial<DevotionalRequest> = {}): DevotionalRequest {
  return {
    userId: "composer-user",
    date: "2026-03-01",
    displayName: null,
    focus: [],
    currentTopics: [],
    recentLibraryIds: [],
    recentPassages: [],
    variant: 0,
    ...over,
  };
}

/** Twenty dates a week apart from 2026-01-01. */
const DATES = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 7)).toISOString().slice(0, 10));

describe("the composer's choice", () => {
  test("keeps to the focus themes while fresh ones remain, then widens", () => {
    const focus: FocusThemeId[] = ["marriage", "work"];
    for (const date of DATES) {
      expect(focus, date).toContain(chooseDevotional(library, request({ date, focus })).theme);
    }
    const focusIds = library.filter((d) => focus.includes(d.theme)).map((d) => d.id);
    // One devotional of the focus left: it is the one.
    const left = focusIds[5]!;
    const recent = focusIds.filter((id) => id !== left);
    for (const date of DATES) {
      expect(chooseDevotional(library, request({ date, focus, recentLibraryIds: recent })).id, date).toBe(left);
    }
    // None left: another theme, still fresh.
    for (const date of DATES) {
      const pick = chooseDevotional(library, request({ date, focus, recentLibraryIds: focusIds }));
      expect(focus, date).not.toContain(pick.theme);
      expect(focusIds).not.toContain(pick.id);
    }
  });

  test("with no focus chosen it draws on every theme", () => {
    const themes = new Set(DATES.map((date) => chooseDevotional(library, request({ date })).theme));
    expect(themes.size).toBeGreaterThan(2);
  });

  test("prefers devotionals that speak to the current topics", () => {
    const strain = library.filter((d) => d.theme === "marriage" && d.topics.includes("marriage_strain")).map((d) => d.id);
    expect(strain.length).toBeGreaterThan(0);
    expect(strain.length).toBeLessThan(8);
    for (const date of DATES.slice(0, 5)) {
      // Day after day (each pick becoming recent), the marriage_strain ones come first, then the rest.
      const recent: string[] = [];
      for (let day = 0; day < 8; day++) {
        const pick = chooseDevotional(
          library,
          request({ date, focus: ["marriage"], currentTopics: ["marriage_strain"], recentLibraryIds: recent }),
        );
        expect(pick.theme).toBe("marriage");
        expect(pick.topics.includes("marriage_strain"), `${date} day ${day}: ${pick.id}`).toBe(day < strain.length);
        recent.push(pick.id);
      }
      expect(new Set(recent).size).toBe(8);
    }
    // Two topics at once: the one that speaks to both wins.
    for (const date of DATES) {
      const pick = chooseDevotional(
        library,
        request({ date, focus: ["marriage"], currentTopics: ["work_pressure", "finances"] }),
      );
      expect(pick.id).toBe("marriage-05");
    }
  });

  test("never repeats an id or a passage of the recent lists", () => {
    for (const date of DATES) {
      for (const variant of [0, 1, 2]) {
        const recentLibraryIds = library.filter((_, i) => i % 3 === 0).map((d) => d.id);
        const recentPassages = library.filter((_, i) => i % 3 === 1).map((d) => d.passage);
        const pick = chooseDevotional(library, request({ date, variant, recentLibraryIds, recentPassages }));
        expect(recentLibraryIds).not.toContain(pick.id);
        expect(recentPassages).not.toContain(pick.passage);
      }
      // A passage given recently (say, by a model) is not given again under another id.
      const first = chooseDevotional(library, request({ date, focus: ["prayer"] }));
      const second = chooseDevotional(library, request({ date, focus: ["prayer"], recentPassages: [first.passage] }));
      expect(second.id).not.toBe(first.id);
      expect(second.passage).not.toBe(first.passage);
    }
  });

  test("is the same for the same person, date and variant, and differs for another variant", () => {
    for (const date of DATES) {
      const a = chooseDevotional(library, request({ date, focus: ["fatherhood", "leadership"] }));
      const b = chooseDevotional(library, request({ date, focus: ["fatherhood", "leadership"] }));
      expect(b.id).toBe(a.id);
      const variants = new Set(
        [0, 1, 2, 3, 4, 5].map((variant) => chooseDevotional(library, request({ date, variant, focus: ["fatherhood"] })).id),
      );
      expect(variants.size, date).toBeGreaterThan(1);
    }
    // Two people on the same day are not all given the same devotional.
    const people = new Set(
      Array.from({ length: 10 }, (_, i) => chooseDevotional(library, request({ userId: `person-${i}` })).id),
    );
    expect(people.size).toBeGreaterThan(1);
  });

  test("when everything was given recently it takes the one given longest ago", () => {
    const tiny: LibraryDevotional[] = library.slice(0, 3);
    const pick = chooseDevotional(
      tiny,
      request({ recentLibraryIds: [tiny[1]!.id, tiny[2]!.id, tiny[0]!.id], recentPassages: tiny.map((d) => d.passage) }),
    );
    expect(pick.id).toBe(tiny[1]!.id);
  });
});
