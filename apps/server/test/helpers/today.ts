import { eq } from "drizzle-orm";
import { schema, type Database } from "../../src/db/client";

/** Today's tables written and read straight, for tests that set up days gone by. */

/** Adds `days` to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function devotionalRows(db: Database, userId: string) {
  return db
    .select()
    .from(schema.devotionals)
    .where(eq(schema.devotionals.userId, userId))
    .orderBy(schema.devotionals.devotionalDate);
}

export async function whisperRows(db: Database, userId: string) {
  return db.select().from(schema.encouragementWhispers).where(eq(schema.encouragementWhispers.userId, userId));
}

/** Days with a completed devotional, written straight into the tables. */
export async function completedOn(db: Database, userId: string, dates: string[], completed = true) {
  if (!dates.length) return;
  const rows = await db
    .insert(schema.devotionals)
    .values(
      dates.map((date) => ({
        userId,
        devotionalDate: date,
        title: `Devotional of ${date}`,
        passage: "Joshua 24:15",
        passageText: "as for me and my house, we will serve Yahweh.",
        content: "A body.",
        reflection: "A question?",
        theme: "leadership",
        prayer: "A prayer.",
        source: "test",
      })),
    )
    .returning();
  await db.insert(schema.devotionalProgress).values(
    rows.map((row) => ({
      userId,
      devotionalId: row.id,
      progressDate: row.devotionalDate,
      completed,
      completedAt: completed ? new Date(`${row.devotionalDate}T12:00:00Z`) : null,
    })),
  );
}

/** Days with a check-in, written straight into the table. */
export async function checkedInOn(db: Database, userId: string, dates: string[]) {
  if (!dates.length) return;
  await db.insert(schema.dailyCheckins).values(dates.map((date) => ({ userId, checkInDate: date, mood: "good" })));
}
