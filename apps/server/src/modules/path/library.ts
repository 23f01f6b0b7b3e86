import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CURRENT_TOPIC_IDS, FOCUS_THEME_IDS } from "@shepherd/shared";
import { contentDir } from "../../content";
import type { SourceDay } from "../../providers/ai/ai";

/**
 * The starter plans: content/plans/<id>.json, written for this product (CONTENT.md, "A plan and its days"), read and
 * checked at start. Their version (a hash of the files) decides when the database copy is replaced (starter.ts).
 */

export const PLAN_DAY_READING_MAX_WORDS = 400;
/** Passages and the other verses a day's reading cites, together. */
export const PLAN_DAY_REFERENCES_MAX = 8;

const text = (max: number) => z.string().trim().min(1).max(max);

const planDaySchema = z
  .object({
    title: text(80),
    /** The day's passages, shown as text: one to three references ("Ephesians 5:25-28"). */
    passages: z.array(text(60)).min(1).max(3),
    /** Other verses the reading quotes or points to. */
    references: z.array(text(60)).max(5).default([]),
    reading: text(4000),
    questions: z.array(text(300)).min(1).max(2),
    challenge: text(400),
    prayer: text(1000),
  })
  .strict()
  .refine((day) => day.passages.length + day.references.length <= PLAN_DAY_REFERENCES_MAX, {
    message: `a day cites at most ${PLAN_DAY_REFERENCES_MAX} references`,
  });

const planSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens"),
    theme: z.enum(FOCUS_THEME_IDS),
    title: text(70),
    /** The one promise the plan keeps, in a line. */
    promise: text(100),
    description: text(500),
    /** Current topics (onboarding's intentions) this plan speaks to: recommended first to men who chose them. */
    topics: z.array(z.enum(CURRENT_TOPIC_IDS)).default([]),
    minutes_per_day: z.number().int().min(3).max(30),
    days: z.array(planDaySchema).min(3).max(21),
  })
  .strict();

export type StarterPlan = z.infer<typeof planSchema>;
export type StarterPlanDay = StarterPlan["days"][number];

export interface PlanLibrary {
  plans: StarterPlan[];
  /** Changes whenever a plan file changes: the database copy is replaced then. */
  version: string;
}

export const wordCount = (value: string) => value.split(/\s+/).filter(Boolean).length;

/** Every plan file, parsed and checked; a broken file stops the start with a message naming it. */
export function loadPlanLibrary(dir = path.join(contentDir(), "plans")): PlanLibrary {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const hash = createHash("sha256");
  const plans = files.map((file) => {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    hash.update(file).update(raw);
    const parsed = planSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`content/plans/${file} is not a valid plan: ${problems}`);
    }
    if (`${parsed.data.id}.json` !== file) throw new Error(`content/plans/${file} must hold the plan "${file.slice(0, -5)}"`);
    return parsed.data;
  });
  return { plans, version: hash.digest("hex").slice(0, 16) };
}

/** The starter plans' days as the plan composer builds a member's own plan from them (providers/ai/plan-composer.ts). */
export function sourceDays(library: PlanLibrary): SourceDay[] {
  return library.plans.flatMap((plan) =>
    plan.days.map((day, i) => ({ ...day, theme: plan.theme, topics: plan.topics, source: plan.id, position: i + 1 })),
  );
}
