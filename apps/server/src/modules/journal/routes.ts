import { Hono } from "hono";
import { journalInput, journalListQuery, journalUpdateInput, needsCare, whisperForJournal } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { whisperQuietly } from "../whispers/service";
import { createJournalEntry, deleteJournalEntry, getJournalEntry, listJournal, updateJournalEntry } from "./service";

export function journalRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/journal", async (c) => {
      const user = await requireUser(c);
      const query = readQuery(c, journalListQuery);
      return c.json(await listJournal(ctx.db, { userId: user.id, q: query.q, before: query.before }));
    })
    .post("/journal", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, journalInput);
      const entry = await createJournalEntry(ctx.db, {
        userId: user.id,
        content: input.content,
        devotionalId: input.devotional_id,
      });
      const care = needsCare(entry.content);
      // Section 9: a journal longer than 50 characters brings a victory whisper (never when the words need care).
      const whisper =
        !care && whisperForJournal(entry.content)
          ? await whisperQuietly(ctx.db, ctx.ai, ctx.log, {
              userId: user.id,
              triggerType: "victory",
              context: { journalLength: entry.content.length, devotionalTitle: entry.devotional_title ?? "" },
            })
          : null;
      return c.json({ entry, whisper, care }, 201);
    })
    .get(`/journal/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await getJournalEntry(ctx.db, { userId: user.id, entryId: c.req.param("id") }));
    })
    .patch(`/journal/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { content } = await readJson(c, journalUpdateInput);
      const entry = await updateJournalEntry(ctx.db, { userId: user.id, entryId: c.req.param("id"), content });
      return c.json({ entry, care: needsCare(entry.content) });
    })
    .delete(`/journal/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteJournalEntry(ctx.db, { userId: user.id, entryId: c.req.param("id") });
      return c.json({ deleted: true });
    });
}
