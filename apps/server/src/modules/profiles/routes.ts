import { Hono } from "hono";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Me, updateProfileInput, usernameAvailabilityQuery } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery } from "../../http/validate";
import { completeOnboarding, getProfile, getPublicProfile, setAvatarUrl, updateProfile, usernameAvailability } from "./service";

const AVATAR_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** The first bytes of each accepted image type, so a renamed file is refused. */
function looksLikeImage(bytes: Uint8Array, type: string): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (type) {
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47);
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/gif":
      return starts(0x47, 0x49, 0x46, 0x38);
    case "image/webp":
      return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45;
    default:
      return false;
  }
}

export function profileRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/me", async (c) => {
      const user = await requireUser(c);
      const profile = await getProfile(ctx.db, user.id);
      const me: Me = {
        user: { id: user.id, email: user.email, name: user.name, role: user.role, twoFactorEnabled: user.twoFactorEnabled },
        profile,
        isAdmin: isAdmin(user),
      };
      return c.json(me);
    })
    .patch("/profile", async (c) => {
      const user = await requireUser(c);
      const changes = await readJson(c, updateProfileInput);
      return c.json(await updateProfile(ctx.db, { userId: user.id, changes }));
    })
    .get("/profile/username-availability", async (c) => {
      const user = await requireUser(c);
      const { username } = readQuery(c, usernameAvailabilityQuery);
      return c.json(await usernameAvailability(ctx.db, { userId: user.id, username }));
    })
    .post("/profile/avatar", async (c) => {
      const user = await requireUser(c);
      const type = c.req.header("content-type") ?? "";
      if (!type.startsWith("multipart/form-data")) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload the picture as multipart/form-data with a field named avatar.");
      }
      const form = await c.req.formData().catch(() => {
        throw new AppError("BAD_REQUEST", "The upload could not be read. Please try again.");
      });
      const file = form.get("avatar");
      if (!(file instanceof File)) throw new AppError("BAD_REQUEST", "Choose a picture to upload (field avatar).");
      if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Your picture must be a PNG, JPEG, WebP or GIF image.");
      }
      if (file.size > AVATAR_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Your picture must be 2 MB or smaller.");
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!looksLikeImage(bytes, file.type)) throw new AppError("BAD_REQUEST", "That file is not a picture we can use.");
      const key = `avatars/${user.id}/${crypto.randomUUID()}.${AVATAR_EXTENSIONS[file.type]}`;
      await ctx.storage.put(key, bytes, file.type);
      const previous = await getProfile(ctx.db, user.id);
      const profile = await setAvatarUrl(ctx.db, { userId: user.id, avatarUrl: `/api/files/${key}` });
      if (previous.avatar_url?.startsWith("/api/files/"))
        await ctx.storage.delete(previous.avatar_url.slice("/api/files/".length));
      return c.json(profile);
    })
    .delete("/profile/avatar", async (c) => {
      const user = await requireUser(c);
      const previous = await getProfile(ctx.db, user.id);
      const profile = await setAvatarUrl(ctx.db, { userId: user.id, avatarUrl: null });
      if (previous.avatar_url?.startsWith("/api/files/"))
        await ctx.storage.delete(previous.avatar_url.slice("/api/files/".length));
      return c.json(profile);
    })
    .post("/onboarding/complete", async (c) => {
      const user = await requireUser(c);
      return c.json(await completeOnboarding(ctx.db, user.id));
    })
    .get("/profiles/:userId", async (c) => {
      await requireUser(c);
      return c.json(await getPublicProfile(ctx.db, c.req.param("userId")));
    })
    .get("/files/avatars/:owner/:name", async (c) => {
      await requireUser(c);
      const key = `avatars/${c.req.param("owner")}/${c.req.param("name")}`;
      if (!/^avatars\/[\w-]+\/[\w-]+\.(png|jpg|webp|gif)$/.test(key)) throw new AppError("NOT_FOUND", "That file was not found.");
      const file = await ctx.storage.get(key);
      if (!file) throw new AppError("NOT_FOUND", "That file was not found.");
      return c.body(new Uint8Array(file.body), 200, {
        "content-type": file.contentType,
        "cache-control": "private, max-age=31536000, immutable",
      });
    });
}
