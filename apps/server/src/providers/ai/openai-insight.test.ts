import { describe, expect, test } from "vitest";
import { emptyDay, periodStats, type InsightDay } from "@shepherd/shared";
import { insightUserMessage } from "./openai";

const day = (date: string, fields: Partial<InsightDay>): InsightDay => ({ ...emptyDay(date), ...fields });

describe("what a model is told for an insight", () => {
  const current = periodStats(
    [
      day("2026-11-24", { connection: 80, mood: "great", checked_in: true, focus_areas: ["prayer"] }),
      day("2026-11-25", { connection: 70, mood: "good", checked_in: true, journal_entries: 1 }),
    ],
    "2026-11-20",
    "2026-11-26",
  );
  const previous = periodStats(
    [day("2026-11-15", { connection: 40, mood: "neutral", checked_in: true })],
    "2026-11-13",
    "2026-11-19",
  );
  const message = insightUserMessage({
    userId: "u1",
    displayName: "Caleb",
    period: "week",
    current,
    previous,
    journal: Array.from({ length: 15 }, (_, i) => `Entry ${i + 1}: "prayed" with my wife. ${"x".repeat(700)}`),
    notes: ["Tired but grateful."],
    care: false,
  });

  test("gives his numbers of both periods and what rose or fell", () => {
    expect(message).toContain("This week (2026-11-20 to 2026-11-26, 7 days)");
    expect(message).toContain("average connection 75; mood mostly great");
    expect(message).toContain("The week before (2026-11-13 to 2026-11-19, 7 days)");
    expect(message).toContain("average connection 40; mood mostly neutral");
    expect(message).toContain("focus areas chosen: Prayer Life 1");
    expect(message).toContain("connection rose");
  });

  test("quotes his newest twelve entries, each cut short, as JSON strings, and his notes", () => {
    expect(message).not.toContain("Entry 3:");
    expect(message).toContain('- "Entry 4: \\"prayed\\" with my wife.');
    expect(message).toContain("Entry 15:");
    expect(message.split("\n").every((line) => line.length < 700)).toBe(true);
    expect(message).toContain('- "Tired but grateful."');
  });
});
