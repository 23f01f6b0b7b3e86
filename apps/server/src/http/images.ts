import type { Context } from "hono";
import sharp from "sharp";
import { AVATAR_TYPES } from "@shepherd/shared";
import { AppError } from "../errors";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * A stored picture's key: `{area}/{ownerId}/{uuid}.{ext}` (a devotional's artwork: `{id}-{uuid}`; a plan's or a
 * series' cover: `covers/{plan|series}/{id}-{uuid}`), as served under /api/files/.
 */
export const IMAGE_KEY = /^(avatars|pasture|devotionals|covers)\/[\w-]+\/[\w-]+\.(png|jpg|webp|gif)$/;

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

/** Reads one picture from a multipart upload and checks its type, size and first bytes. */
export async function readImageUpload(
  c: Context,
  options: { field: string; maxBytes: number },
): Promise<{ bytes: Uint8Array; type: string; extension: string }> {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Upload the picture as multipart/form-data with a field named ${options.field}.`,
    );
  }
  const form = await c.req.formData().catch(() => {
    throw new AppError("BAD_REQUEST", "The upload could not be read. Please try again.");
  });
  const file = form.get(options.field);
  if (!(file instanceof File)) throw new AppError("BAD_REQUEST", `Choose a picture to upload (field ${options.field}).`);
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Your picture must be a PNG, JPEG, WebP or GIF image.");
  }
  if (file.size > options.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `Your picture must be ${Math.round(options.maxBytes / 1024 / 1024)} MB or smaller.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeImage(bytes, file.type)) throw new AppError("BAD_REQUEST", "That file is not a picture we can use.");
  return { bytes: await reencode(bytes, file.type), type: file.type, extension: EXTENSIONS[file.type]! };
}

/** Pictures larger than this many pixels (about 8,000 x 6,000) are refused before they are decoded. */
const MAX_PIXELS = 48_000_000;

/**
 * Issue 19: a picture is decoded and encoded again (sharp) in its own format before it is kept, so only the image
 * survives: anything appended after the image data is gone, and so is the metadata (EXIF with a phone's GPS position,
 * XMP, comments). The EXIF orientation is applied first, so the picture still stands the right way up. A file that does
 * not decode is refused.
 */
async function reencode(bytes: Uint8Array, type: string): Promise<Uint8Array> {
  try {
    const image = sharp(bytes, { animated: type === "image/gif", limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
    const encoded =
      type === "image/png"
        ? image.png()
        : type === "image/jpeg"
          ? image.jpeg({ quality: 88 })
          : type === "image/webp"
            ? image.webp({ quality: 88 })
            : image.gif();
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    throw new AppError("BAD_REQUEST", "That file is not a picture we can use.");
  }
}
