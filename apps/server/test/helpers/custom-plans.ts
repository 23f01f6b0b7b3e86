import { expect } from "vitest";
import type { CustomPlanBrief, GenerationState } from "@shepherd/shared";
import { parseReference, rangesOverlap } from "../../src/bible/passages";
import { waitUntil } from "./built-server";
import { chatCompletion, type FakeOpenAiReply, type FakeOpenAiRequest } from "./fake-openai";
import type { TestClient } from "./http-client";

/** A whole brief, as the wizard's review step sends it. */
export function brief(overrides: Partial<CustomPlanBrief> = {}): CustomPlanBrief {
  return {
    themes: ["marriage", "prayer"],
    goal: "Pray with my wife and listen to her better",
    days: 7,
    season: "young_children",
    hard_now: "Little sleep and short tempers at home",
    helped_before: "Praying in the truck before work",
    minutes_per_day: 10,
    style: "reflective",
    challenge: true,
    audio: false,
    ...overrides,
  };
}

/** Waits (polling as the browser does) until the plan's writing is over: ready or failed. */
export async function waitForPlan(client: TestClient, planId: string, timeoutMs = 60_000): Promise<GenerationState> {
  let state: GenerationState | undefined;
  await waitUntil(
    async () => {
      const res = await client.get(`/api/path/plans/${planId}/generation`);
      if (res.status !== 200) return false;
      state = res.json();
      return state!.status === "ready" || state!.status === "failed";
    },
    `plan ${planId} to be written`,
    timeoutMs,
  );
  return state!;
}

/** Distinct WEB passages, one per day a fake model writes. */
export const MODEL_PASSAGES = [
  "Psalm 1:1-3",
  "Proverbs 3:5-6",
  "Matthew 6:9-13",
  "Philippians 4:6-7",
  "Colossians 3:12-14",
  "James 1:19-20",
  "1 Peter 3:7",
  "Ephesians 4:29-32",
  "Micah 6:8",
  "Isaiah 40:28-31",
  "Romans 12:9-13",
  "Lamentations 3:22-24",
];

const SENTENCES = [
  "A man does not drift toward the people he loves; he walks toward them on purpose.",
  "Today the passage sets one small step in front of you, and it is enough for today.",
  "Read it slowly, twice, and notice which words stay with you after you close the page.",
  "Grace goes first here: you are not earning anything, you are answering a God who already came near.",
  "Carry that into the kitchen tonight, into the car, into the next hard conversation at work.",
];

/** A plan day as a model would answer it: about 150 words, valid passages, every part present. */
export function modelDay(dayNumber: number, options: { challenge?: boolean } = {}) {
  const paragraph = SENTENCES.join(" ");
  return {
    title: `Model day ${dayNumber}`,
    passages: [MODEL_PASSAGES[(dayNumber - 1) % MODEL_PASSAGES.length]],
    references: [],
    reading: `${paragraph}\n\n${paragraph}\n\n${SENTENCES.slice(0, 3).join(" ")}`,
    questions: ["Where will you take that first small step today?"],
    challenge:
      options.challenge === false ? "" : "Before bed, ask her one question about her day and listen to the whole answer.",
    prayer: "Lord, teach me to walk toward the people you gave me, patiently and on purpose, today and every day. Amen.",
  };
}

/** The day number a plan-day request asks for ("Day 3 of 7."), or null for any other request. */
export function requestedDay(request: FakeOpenAiRequest): number | null {
  const messages = (request.json as { messages?: Array<{ role: string; content: string }> } | undefined)?.messages ?? [];
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const match = /^Day (\d+) of (\d+)\./.exec(user);
  return match ? Number(match[1]) : null;
}

/** A fake model that writes good plan days (after `delayMs`), and refuses anything else (the composer answers then). */
export function writesPlanDays(options: { delayMs?: number } = {}) {
  return (request: FakeOpenAiRequest): FakeOpenAiReply => {
    const day = requestedDay(request);
    if (day === null) return { status: 500, json: { error: { type: "server_error" } } };
    return { json: chatCompletion(modelDay(day)), delayMs: options.delayMs };
  };
}

/** No verse is read twice in the plan: no two of its passages overlap. */
export function expectDistinctPassages(passages: string[][]): void {
  const all = passages.flat();
  const ranges = all.map((reference) => ({ reference, range: parseReference(reference) }));
  for (const [i, a] of ranges.entries()) {
    for (const b of ranges.slice(i + 1)) {
      expect(rangesOverlap(a.range, b.range), `${a.reference} and ${b.reference} overlap`).toBe(false);
    }
  }
}
