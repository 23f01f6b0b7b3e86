import { checkPictureQuota } from "../../providers/storage/member-files";
import { Hono } from "hono";
import { commentInput, feedQuery, postInput, postUpdateInput, REACTION_KINDS, type ReactionKind } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readImageUpload } from "../../http/images";
import { jsonText } from "../../http/json-text";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteStoredFile, storedFileUrl } from "../../providers/storage/storage";
import { createComment, deleteComment, listComments, updateComment } from "../community/comments";
import { postThread } from "../community/threads";
import { createPost, deletePost, feedTopJson, getPost, listPosts, setReaction, updatePost } from "./service";

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
      // The top of the feed, what everyone opens, comes as JSON text from PostgreSQL; an admin's feed shows hidden posts.
      if (!query.before && !query.author && !query.kind && !isAdmin(user)) {
        return jsonText(c, await feedTopJson(ctx.db, user.id));
      }
      return c.json(await listPosts(ctx.db, { viewerId: user.id, viewerIsAdmin: isAdmin(user), ...query }));
    })
    .post("/pasture/posts", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, postInput);
      return c.json(await createPost(ctx.db, { userId: user.id, input }), 201);
    })
    .post("/pasture/images", async (c) => {
      const user = await requireUser(c);
      const { bytes, type, extension } = await readImageUpload(c, { field: "image", maxBytes: PASTURE_IMAGE_MAX_BYTES });
      await checkPictureQuota(ctx.db, user.id, bytes.length);
      const key = `pasture/${user.id}/${crypto.randomUUID()}.${extension}`;
      await ctx.storage.put(key, bytes, type);
      return c.json({ image_url: storedFileUrl(key) }, 201);
    })
    .get(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(await getPost(ctx.db, { viewerId: user.id, viewerIsAdmin: isAdmin(user), postId: c.req.param("id") }));
    })
    .patch(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const changes = await readJson(c, postUpdateInput);
      if (changes.body === undefined && changes.scripture_ref === undefined) {
        throw new AppError("BAD_REQUEST", "Send the new text (body) or scripture reference (scripture_ref).");
      }
      return c.json(await updatePost(ctx.db, { userId: user.id, postId: c.req.param("id"), changes }));
    })
    .delete(`/pasture/posts/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { imageUrl } = await deletePost(ctx.db, { userId: user.id, postId: c.req.param("id") });
      await deleteStoredFile(ctx.storage, imageUrl);
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
      return c.json(
        await listComments(ctx.db, postThread, { parentId: c.req.param("id"), userId: user.id, isAdmin: isAdmin(user) }),
      );
    })
    .post(`/pasture/posts/:id${UUID_PARAM}/comments`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      return c.json(await createComment(ctx.db, postThread, { parentId: c.req.param("id"), userId: user.id, body }), 201);
    })
    .patch(`/pasture/comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, commentInput);
      return c.json(await updateComment(ctx.db, postThread, { commentId: c.req.param("id"), userId: user.id, body }));
    })
    .delete(`/pasture/comments/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteComment(ctx.db, postThread, { commentId: c.req.param("id"), userId: user.id });
      return c.json({ deleted: true });
    });
}
