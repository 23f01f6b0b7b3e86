import { Hono } from "hono";
import {
  commentInput,
  flockInput,
  flockInviteInput,
  reflectionInput,
  reflectionListQuery,
  reflectionUpdateInput,
} from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { createComment, deleteComment, listComments, updateComment } from "../community/comments";
import { reflectionThread } from "../community/threads";
import {
  acceptInvitation,
  createFlock,
  declineInvitation,
  getFlock,
  inviteByUsername,
  joinByInvite,
  leaveFlock,
  listFlocks,
  previewInvite,
  removeMember,
  rotateInviteCode,
  updateFlock,
} from "./flocks";
import { createReflection, deleteReflection, getReflection, listReflections, updateReflection } from "./reflections";

const INVITE_CODE = "{[A-Za-z0-9_-]{8,64}}";

export function flockRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/flocks", async (c) => {
      const user = await requireUser(c);
      return c.json(await listFlocks(ctx.db, user.id));
    })
    .post("/flocks", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, flockInput);
      return c.json(await createFlock(ctx.db, { userId: user.id, ...input }), 201);
    })
    .get(`/flocks/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await getFlock(ctx.db, { flockId: c.req.param("id"), userId: user.id }));
    })
    .patch(`/flocks/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, flockInput.partial());
      return c.json(await updateFlock(ctx.db, { flockId: c.req.param("id"), userId: user.id, ...input }));
    })
    .post(`/flocks/:id${UUID_PARAM}/invitations`, async (c) => {
      const user = await requireUser(c);
      const { username } = await readJson(c, flockInviteInput);
      return c.json(await inviteByUsername(ctx.db, { flockId: c.req.param("id"), userId: user.id, username }), 201);
    })
    .post(`/flocks/:id${UUID_PARAM}/accept`, async (c) => {
      const user = await requireUser(c);
      return c.json(await acceptInvitation(ctx.db, { flockId: c.req.param("id"), userId: user.id }));
    })
    .post(`/flocks/:id${UUID_PARAM}/decline`, async (c) => {
      const user = await requireUser(c);
      await declineInvitation(ctx.db, { flockId: c.req.param("id"), userId: user.id });
      return c.json({ declined: true });
    })
    .post(`/flocks/:id${UUID_PARAM}/leave`, async (c) => {
      const user = await requireUser(c);
      return c.json(await leaveFlock(ctx.db, { flockId: c.req.param("id"), userId: user.id }));
    })
    .post(`/flocks/:id${UUID_PARAM}/invite-code`, async (c) => {
      const user = await requireUser(c);
      return c.json(await rotateInviteCode(ctx.db, { flockId: c.req.param("id"), userId: user.id }));
    })
    .delete(`/flocks/:id${UUID_PARAM}/members/:memberId`, async (c) => {
      const user = await requireUser(c);
      return c.json(
        await removeMember(ctx.db, { flockId: c.req.param("id"), userId: user.id, memberId: c.req.param("memberId") }),
      );
    })
    .get(`/flock-invites/:code${INVITE_CODE}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await previewInvite(ctx.db, { code: c.req.param("code"), userId: user.id }));
    })
    .post(`/flock-invites/:code${INVITE_CODE}/accept`, async (c) => {
      const user = await requireUser(c);
      return c.json(await joinByInvite(ctx.db, { code: c.req.param("code"), userId: user.id }));
    })
    .get(`/flocks/:id${UUID_PARAM}/reflections`, async (c) => {
      const user = await requireUser(c);
      const { before } = readQuery(c, reflectionListQuery);
      return c.json(
        await listReflections(ctx.db, { flockId: c.req.param("id"), userId: user.id, isAdmin: isAdmin(user), before }),
      );
    })
    .post(`/flocks/:id${UUID_PARAM}/reflections`, async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, reflectionInput);
      const reflection = await createReflection(ctx.db, {
        flockId: c.req.param("id"),
        userId: user.id,
        body: input.body,
        prompt: input.prompt,
        devotionalId: input.devotional_id,
      });
      return c.json(reflection, 201);
    })
    .get(`/reflections/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await getReflection(ctx.db, { reflectionId: c.req.param("id"), userId: user.id, isAdmin: isAdmin(user) }));
    })
    .patch(`/reflections/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, reflectionUpdateInput);
      return c.json(await updateReflection(ctx.db, { reflectionId: c.req.param("id"), userId: user.id, body }));
    })
    .delete(`/reflections/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteReflection(ctx.db, { reflectionId: c.req.param("id"), userId: user.id });
      return c.json({ deleted: true });
    })
    .get(`/reflections/:id${UUID_PARAM}/comments`, async (c) => {
      const user = await requireUser(c);
      return c.json(
        await listComments(ctx.db, reflectionThread, { parentId: c.req.param("id"), userId: user.id, isAdmin: isAdmin(user) }),
      );
    })
    .post(`/reflections/:id${UUID_PARAM}/comments`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      return c.json(await createComment(ctx.db, reflectionThread, { parentId: c.req.param("id"), userId: user.id, body }), 201);
    })
    .patch(`/reflection-comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      return c.json(await updateComment(ctx.db, reflectionThread, { commentId: c.req.param("id"), userId: user.id, body }));
    })
    .delete(`/reflection-comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteComment(ctx.db, reflectionThread, { commentId: c.req.param("id"), userId: user.id });
      return c.json({ deleted: true });
    });
}
