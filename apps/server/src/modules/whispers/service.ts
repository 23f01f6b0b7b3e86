import { and, desc, eq, sql } from "drizzle-orm";
import { needsCare, type Whisper } from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { afterCursor, cursorText, pageOf } from "../../db/page-cursor";
import { notFound } from "../../errors";
import type { Logger } from "../../logger";
import type { AiTextProvider, EncouragementTrigger } from "../../providers/ai/ai";

const { encouragementWhispers, profiles } = schema;

export function toWhisper(row: typeof encouragementWhispers.$inferSelect): Whisper {
  return {
    id: row.id,
    message: row.message,
    trigger_type: row.triggerType,
    read: row.read,
    created_at: row.createdAt.toISOString(),
  };
}

function carriesCare(context: Record<string, unknown>): boolean {
  return Object.values(context).some((v) =>
    typeof v === "string" ? needsCare(v) : Array.isArray(v) && v.some((x) => typeof x === "string" && needsCare(x)),
  );
}

/**
 * generate-encouragement: writes one whisper through the AI provider. Context that carries language of self-harm is
 * never sent to a provider: no whisper is written and the caller shows the care card instead (returns null).
 */
export async function generateEncouragement(
  db: Database,
  ai: AiTextProvider,
  options: { userId: string; triggerType: EncouragementTrigger; context: Record<string, unknown> },
): Promise<Whisper | null> {
  if (carriesCare(options.context)) return null;
  const [profile] = await db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, options.userId));
  const { message, tokensUsed } = await ai.composeEncouragement({
    userId: options.userId,
    displayName: profile?.displayName ?? null,
    triggerType: options.triggerType,
    context: options.context,
    seed: Date.now(),
  });
  const [row] = await db
    .insert(encouragementWhispers)
    .values({ userId: options.userId, message, triggerType: options.triggerType })
    .returning();
  if (tokensUsed > 0)
    await db.insert(schema.aiUsage).values({ userId: options.userId, featureType: "encouragement", tokensUsed });
  return toWhisper(row!);
}

/** A whisper that must not fail the action that triggered it: failures are logged. */
export async function whisperQuietly(
  db: Database,
  ai: AiTextProvider,
  log: Logger,
  options: { userId: string; triggerType: EncouragementTrigger; context: Record<string, unknown> },
): Promise<Whisper | null> {
  try {
    return await generateEncouragement(db, ai, options);
  } catch (error) {
    log.error({ err: error, userId: options.userId, triggerType: options.triggerType }, "whisper could not be written");
    return null;
  }
}

export async function newestUnreadWhisper(db: Database, userId: string): Promise<Whisper | null> {
  const [row] = await db
    .select()
    .from(encouragementWhispers)
    .where(and(eq(encouragementWhispers.userId, userId), eq(encouragementWhispers.read, false)))
    .orderBy(desc(encouragementWhispers.createdAt))
    .limit(1);
  return row ? toWhisper(row) : null;
}

const PAGE = 50;

/** The archive: every whisper of mine, newest first, 50 to a page. */
export async function listWhispers(
  db: Database,
  options: { userId: string; before?: string },
): Promise<{ whispers: Whisper[]; next_before: string | null }> {
  const conditions = [eq(encouragementWhispers.userId, options.userId)];
  if (options.before) {
    conditions.push(
      afterCursor(
        options.before,
        encouragementWhispers,
        "That page of your whispers could not be found. Start again from the newest.",
      ),
    );
  }
  const rows = await db
    .select({
      whisper: encouragementWhispers,
      id: encouragementWhispers.id,
      cursorAt: cursorText(encouragementWhispers.createdAt),
    })
    .from(encouragementWhispers)
    .where(and(...conditions))
    .orderBy(sql`${encouragementWhispers.createdAt} desc, ${encouragementWhispers.id} desc`)
    .limit(PAGE + 1);
  const page = pageOf(rows, PAGE);
  return { whispers: page.rows.map((r) => toWhisper(r.whisper)), next_before: page.next };
}

export async function markWhisperRead(db: Database, options: { userId: string; whisperId: string }): Promise<Whisper> {
  const [row] = await db
    .update(encouragementWhispers)
    .set({ read: true })
    .where(and(eq(encouragementWhispers.id, options.whisperId), eq(encouragementWhispers.userId, options.userId)))
    .returning();
  if (!row) throw notFound("That whisper");
  return toWhisper(row);
}
