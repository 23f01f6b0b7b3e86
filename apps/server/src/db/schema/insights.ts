import { boolean, date, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { InsightSnapshot } from "@shepherd/shared";
import { createdAt, ownerId, uuidPrimaryKey } from "./columns";

/**
 * A reflection on a member's week or month (docs/insights.md): its period, its words, the passage it gives (quoted
 * from the WEB when it was written), who wrote it, and a snapshot of his days as the charts showed them then.
 */
export const insights = pgTable(
  "insights",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    /** "week" or "month". */
    period: text("period").notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    headline: text("headline").notNull(),
    rose: text("rose").notNull(),
    fell: text("fell").notNull(),
    themes: text("themes").notNull(),
    encouragement: text("encouragement").notNull(),
    scriptureReference: text("scripture_reference").notNull(),
    scriptureText: text("scripture_text").notNull(),
    /** "composer" or "openai". */
    source: text("source").notNull(),
    /** Words of self-harm were in the period: written offline, gently, and shown with the care card. */
    care: boolean("care").notNull().default(false),
    snapshot: jsonb("snapshot").$type<InsightSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("insights_user_created_idx").on(t.userId, t.createdAt)],
);
