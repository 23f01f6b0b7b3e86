import { Hono } from "hono";
import { journalInput, journalListQuery, journalUpdateInput, needsCare } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteJournalEntry, writeJournalEntry, getJournalEntry, listJournal, updateJournalEntry } from "./service";

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
      const written = await writeJournalEntry(ctx, {
        userId: user.id,
        content: input.content,
        devotionalId: input.devotional_id,
      });
      return c.json(written, 201);
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
