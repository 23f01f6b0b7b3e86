import { checkPictureQuota } from "../../providers/storage/member-files";
import { Hono } from "hono";
import { AVATAR_MAX_BYTES, type Me, updateProfileInput, userSearchQuery, usernameAvailabilityQuery } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError, notFound } from "../../errors";
import { IMAGE_KEY, readImageUpload } from "../../http/images";
import { serveStoredFile } from "../../http/stored-file";
import { readJson, readQuery } from "../../http/validate";
import { deleteStoredFile, storedFileUrl } from "../../providers/storage/storage";
import { searchUsers, userIdByUsername } from "./people";
import {
  completeOnboarding,
  getProfile,
  getProfileWithAccount,
  getPublicProfile,
  setAvatarUrl,
  updateProfile,
  usernameAvailability,
} from "./service";

export function profileRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/me", async (c) => {
      const user = await requireUser(c);
      const { profile, account } = await getProfileWithAccount(ctx.db, user.id);
      const me: Me = {
        user: { id: user.id, ...account },
        profile,
        isAdmin: isAdmin({ ...user, role: account.role }),
      };
      return c.json(me);
    })
    .patch("/profile", async (c) => {
      const user = await requireUser(c);
      const changes = await readJson(c, updateProfileInput);
      const profile = await updateProfile(ctx.db, { userId: user.id, changes });
      // A new display name is also the account's name, which the signed-in user carries.
      if (changes.display_name !== undefined) ctx.sessions.forgetUser(user.id);
      return c.json(profile);
    })
    .get("/profile/username-availability", async (c) => {
      const user = await requireUser(c);
      const { username } = readQuery(c, usernameAvailabilityQuery);
      return c.json(await usernameAvailability(ctx.db, { userId: user.id, username }));
    })
    .post("/profile/avatar", async (c) => {
      const user = await requireUser(c);
      const { bytes, type, extension } = await readImageUpload(c, { field: "avatar", maxBytes: AVATAR_MAX_BYTES });
      await checkPictureQuota(ctx.db, user.id, bytes.length);
      const key = `avatars/${user.id}/${crypto.randomUUID()}.${extension}`;
      await ctx.storage.put(key, bytes, type);
      const previous = await getProfile(ctx.db, user.id);
      const profile = await setAvatarUrl(ctx.db, { userId: user.id, avatarUrl: storedFileUrl(key) });
      await deleteStoredFile(ctx.storage, previous.avatar_url);
      return c.json(profile);
    })
    .delete("/profile/avatar", async (c) => {
      const user = await requireUser(c);
      const previous = await getProfile(ctx.db, user.id);
      const profile = await setAvatarUrl(ctx.db, { userId: user.id, avatarUrl: null });
      await deleteStoredFile(ctx.storage, previous.avatar_url);
      return c.json(profile);
    })
    .post("/onboarding/complete", async (c) => {
      const user = await requireUser(c);
      return c.json(await completeOnboarding(ctx.db, user.id));
    })
    .get("/users/search", async (c) => {
      const user = await requireUser(c);
      const { q } = readQuery(c, userSearchQuery);
      return c.json(await searchUsers(ctx.db, { viewerId: user.id, q }));
    })
    .get("/profiles/:userId", async (c) => {
      const user = await requireUser(c);
      // "@name" (an @mention's link) is looked up by username; anything else is a user id.
      const given = c.req.param("userId");
      const userId = given.startsWith("@") ? await userIdByUsername(ctx.db, given) : given;
      if (!userId) throw notFound("That profile");
      return c.json(await getPublicProfile(ctx.db, { userId, viewerId: user.id }));
    })
    .get("/files/:area{avatars|pasture|devotionals|covers}/:owner/:name", async (c) => {
      const user = await requireUser(c);
      // A devotional's artwork is its owner's (and admins', who generate it), as the devotional is. A plan's or a
      // series' cover is any member's to see: it is artwork from the theme and a reference, never a custom one's words.
      if (c.req.param("area") === "devotionals" && c.req.param("owner") !== user.id && !isAdmin(user)) {
        throw new AppError("NOT_FOUND", "That file was not found.");
      }
      const key = `${c.req.param("area")}/${c.req.param("owner")}/${c.req.param("name")}`;
      if (!IMAGE_KEY.test(key)) throw new AppError("NOT_FOUND", "That file was not found.");
      return serveStoredFile(c, ctx.storage, key, { notFound: "That file was not found." });
    });
}
