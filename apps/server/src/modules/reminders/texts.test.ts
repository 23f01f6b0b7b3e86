import { describe, expect, test } from "vitest";
import { chooseReminderText, GUILT_PHRASES, guiltPhrase, loadReminderTexts } from "./texts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

describe("reminder texts", () => {
  const texts = loadReminderTexts();

  test("at least 30, each with a short title and one line", () => {
    expect(texts.length).toBeGreaterThanOrEqual(30);
    for (const text of texts) {
      expect(text.title.length).toBeLessThanOrEqual(60);
      expect(text.body.length).toBeLessThanOrEqual(160);
    }
  });

  test("none is guilt-framed", () => {
    for (const phrase of ["broke", "missed", "failed", "streak is gone", "lost your"]) expect(GUILT_PHRASES).toContain(phrase);
    for (const text of texts) {
      const words = `${text.title} ${text.body}`.toLowerCase();
      for (const phrase of ["broke", "missed", "failed", "streak is gone", "lost your", "streak"])
        expect(words).not.toContain(phrase);
    }
    expect(guiltPhrase("You broke your streak!")).toBe("broke");
    expect(guiltPhrase("Ten quiet minutes are waiting")).toBeNull();
  });

  test("a few quote a verse with its reference", () => {
    const quoted = texts.filter((t) => /"[^"]+" (\d )?[A-Z][a-z]+ \d+:\d+(-\d+)?$/.test(t.body));
    expect(quoted.length).toBeGreaterThanOrEqual(3);
  });

  test("the choice is the same for a member and day, and varies across days and members", () => {
    expect(chooseReminderText(texts, "member-a", "2026-11-27")).toBe(chooseReminderText(texts, "member-a", "2026-11-27"));
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
    const byDay = new Set(days.map((day) => chooseReminderText(texts, "member-a", day).body));
    expect(byDay.size).toBeGreaterThanOrEqual(15);
    const members = Array.from({ length: 30 }, (_, i) => `member-${i}`);
    const byMember = new Set(members.map((m) => chooseReminderText(texts, m, "2026-11-27").body));
    expect(byMember.size).toBeGreaterThanOrEqual(15);
  });

  test("a guilt-framed, too short or malformed file stops the start with the reason", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reminders-"));
    try {
      const write = (value: unknown) => fs.writeFileSync(path.join(dir, "reminders.json"), JSON.stringify(value));
      const fine = Array.from({ length: 30 }, (_, i) => ({ title: `Title ${i}`, body: `A gentle line ${i}.` }));
      write({ reminders: fine });
      expect(loadReminderTexts(dir)).toHaveLength(30);
      write({ reminders: [...fine.slice(1), { title: "Oops", body: "You missed yesterday." }] });
      expect(() => loadReminderTexts(dir)).toThrow(/guilt-framed \("missed"\)/);
      write({ reminders: fine.slice(0, 10) });
      expect(() => loadReminderTexts(dir)).toThrow(/at least 30/);
      write({ reminders: [...fine, { title: "x", body: "y", extra: 1 }] });
      expect(() => loadReminderTexts(dir)).toThrow(/reminders\.30/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
