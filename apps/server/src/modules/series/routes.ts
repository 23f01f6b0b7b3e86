import { Hono } from "hono";
import { commentInput, discussionGuideInput, seriesInput, seriesListQuery } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { createComment, deleteComment, listComments, updateComment } from "../community/comments";
import { seriesSessionThread } from "../community/threads";
import { getSeries, getSession, listSeries, mySeries } from "./catalog";
import { followSeries, setSessionDone, unfollowSeries } from "./following";
import { draftGuide } from "./guide";
import { createSeries, deleteSeries, getEditableSeries, replaceSeries } from "./own";

const SERIES = `/series/:seriesId${UUID_PARAM}`;
const SESSION = `/series/sessions/:sessionId${UUID_PARAM}`;

/**
 * The series library's API (docs/series.md). Every route needs a signed-in member; a series he may not see is 404.
 * Creating and changing a series is Premium (series_creation); drafting a guide is gathering_content, counted.
 */
export function seriesRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .get("/series", async (c) => {
        const user = await requireUser(c);
        const query = readQuery(c, seriesListQuery);
        return c.json(await listSeries(ctx.db, { userId: user.id, ...query }));
      })
      .get("/series/mine", async (c) => {
        const user = await requireUser(c);
        return c.json(await mySeries(ctx.db, { userId: user.id }));
      })
      .post("/series", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, seriesInput);
        return c.json(await createSeries(ctx.db, { userId: user.id, input }), 201);
      })
      // A session's discussion guide, drafted for the editor (gathering_content).
      .post("/series/guides", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, discussionGuideInput);
        return c.json(await draftGuide(ctx, { userId: user.id, input }));
      })
      .get(SERIES, async (c) => {
        const user = await requireUser(c);
        return c.json(await getSeries(ctx.db, { userId: user.id, seriesId: c.req.param("seriesId") }));
      })
      .get(`${SERIES}/edit`, async (c) => {
        const user = await requireUser(c);
        return c.json(await getEditableSeries(ctx.db, { userId: user.id, seriesId: c.req.param("seriesId") }));
      })
      .put(SERIES, async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, seriesInput);
        return c.json(await replaceSeries(ctx.db, { userId: user.id, seriesId: c.req.param("seriesId"), input }));
      })
      .delete(SERIES, async (c) => {
        const user = await requireUser(c);
        await deleteSeries(ctx.db, ctx.storage, { userId: user.id, seriesId: c.req.param("seriesId") });
        return c.body(null, 204);
      })
      .put(`${SERIES}/follow`, async (c) => {
        const user = await requireUser(c);
        return c.json(await followSeries(ctx.db, { userId: user.id, seriesId: c.req.param("seriesId") }));
      })
      .delete(`${SERIES}/follow`, async (c) => {
        const user = await requireUser(c);
        await unfollowSeries(ctx.db, { userId: user.id, seriesId: c.req.param("seriesId") });
        return c.body(null, 204);
      })
      .get(SESSION, async (c) => {
        const user = await requireUser(c);
        return c.json(await getSession(ctx.db, { userId: user.id, sessionId: c.req.param("sessionId") }));
      })
      .put(`${SESSION}/completion`, async (c) => {
        const user = await requireUser(c);
        return c.json(await setSessionDone(ctx.db, { userId: user.id, sessionId: c.req.param("sessionId"), done: true }));
      })
      .delete(`${SESSION}/completion`, async (c) => {
        const user = await requireUser(c);
        return c.json(await setSessionDone(ctx.db, { userId: user.id, sessionId: c.req.param("sessionId"), done: false }));
      })
      // A session's discussion: the one comment thread (community/comments.ts), as seriesSessionThread describes it.
      .get(`${SESSION}/comments`, async (c) => {
        const user = await requireUser(c);
        return c.json(
          await listComments(ctx.db, seriesSessionThread, {
            parentId: c.req.param("sessionId"),
            userId: user.id,
            isAdmin: isAdmin(user),
          }),
        );
      })
      .post(`${SESSION}/comments`, async (c) => {
        const user = await requireUser(c);
        const { body } = await readJson(c, commentInput);
        const parentId = c.req.param("sessionId");
        return c.json(await createComment(ctx.db, seriesSessionThread, { parentId, userId: user.id, body }), 201);
      })
      .patch(`/series/session-comments/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        const { body } = await readJson(c, commentInput);
        return c.json(await updateComment(ctx.db, seriesSessionThread, { commentId: c.req.param("id"), userId: user.id, body }));
      })
      .delete(`/series/session-comments/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        await deleteComment(ctx.db, seriesSessionThread, { commentId: c.req.param("id"), userId: user.id });
        return c.json({ deleted: true });
      })
  );
}
