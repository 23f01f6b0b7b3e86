import { Hono } from "hono";
import {
  commentInput,
  feedQuery,
  postInput,
  postUpdateInput,
  REACTION_KINDS,
  reportInput,
  userSearchQuery,
  type ReactionKind,
} from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readImageUpload } from "../../http/images";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { announceNotifications } from "../notifications/service";
import {
  createComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  listComments,
  listPosts,
  reportContent,
  searchUsers,
  setReaction,
  updateComment,
  updatePost,
} from "./service";

export const PASTURE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

function reactionKind(value: string): ReactionKind {
  if (!(REACTION_KINDS as readonly string[]).includes(value)) {
    throw new AppError("NOT_FOUND", "Reactions are praying or encourage.");
  }
  return value as ReactionKind;
}

export function pastureRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/pasture/posts", async (c) => {
      const user = await requireUser(c);
      const query = readQuery(c, feedQuery);
      return c.json(await listPosts(ctx.db, { viewerId: user.id, ...query }));
    })
    .post("/pasture/posts", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, postInput);
      const { post, notified } = await createPost(ctx.db, { userId: user.id, input });
      await announceNotifications(ctx.realtime, notified);
      return c.json(post, 201);
    })
    .post("/pasture/images", async (c) => {
      const user = await requireUser(c);
      const { bytes, type, extension } = await readImageUpload(c, { field: "image", maxBytes: PASTURE_IMAGE_MAX_BYTES });
      const key = `pasture/${user.id}/${crypto.randomUUID()}.${extension}`;
      await ctx.storage.put(key, bytes, type);
      return c.json({ image_url: `/api/files/${key}` }, 201);
    })
    .get(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await getPost(ctx.db, { viewerId: user.id, postId: c.req.param("id") }));
    })
    .patch(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const changes = await readJson(c, postUpdateInput);
      if (changes.body === undefined && changes.scripture_ref === undefined) {
        throw new AppError("BAD_REQUEST", "Send the new text (body) or scripture reference (scripture_ref).");
      }
      const { post, notified } = await updatePost(ctx.db, { userId: user.id, postId: c.req.param("id"), changes });
      await announceNotifications(ctx.realtime, notified);
      return c.json(post);
    })
    .delete(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { imageUrl } = await deletePost(ctx.db, { userId: user.id, postId: c.req.param("id"), isAdmin: isAdmin(user) });
      if (imageUrl?.startsWith("/api/files/")) await ctx.storage.delete(imageUrl.slice("/api/files/".length));
      return c.json({ deleted: true });
    })
    .put(`/pasture/posts/:id${UUID_PARAM}/reactions/:kind`, async (c) => {
      const user = await requireUser(c);
      const kind = reactionKind(c.req.param("kind"));
      return c.json(await setReaction(ctx.db, { userId: user.id, postId: c.req.param("id"), kind, on: true }));
    })
    .delete(`/pasture/posts/:id${UUID_PARAM}/reactions/:kind`, async (c) => {
      const user = await requireUser(c);
      const kind = reactionKind(c.req.param("kind"));
      return c.json(await setReaction(ctx.db, { userId: user.id, postId: c.req.param("id"), kind, on: false }));
    })
    .get(`/pasture/posts/:id${UUID_PARAM}/comments`, async (c) => {
      const user = await requireUser(c);
      return c.json(await listComments(ctx.db, { viewerId: user.id, postId: c.req.param("id") }));
    })
    .post(`/pasture/posts/:id${UUID_PARAM}/comments`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      const { comment, notified } = await createComment(ctx.db, { userId: user.id, postId: c.req.param("id"), body });
      await announceNotifications(ctx.realtime, notified);
      return c.json(comment, 201);
    })
    .patch(`/pasture/comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      const { comment, notified } = await updateComment(ctx.db, { userId: user.id, commentId: c.req.param("id"), body });
      await announceNotifications(ctx.realtime, notified);
      return c.json(comment);
    })
    .delete(`/pasture/comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteComment(ctx.db, { userId: user.id, commentId: c.req.param("id"), isAdmin: isAdmin(user) });
      return c.json({ deleted: true });
    })
    .post("/reports", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, reportInput);
      return c.json(
        await reportContent(ctx.db, {
          userId: user.id,
          targetType: input.target_type,
          targetId: input.target_id,
          reason: input.reason,
        }),
        201,
      );
    })
    .get("/users/search", async (c) => {
      const user = await requireUser(c);
      const { q } = readQuery(c, userSearchQuery);
      return c.json(await searchUsers(ctx.db, { viewerId: user.id, q }));
    });
}
