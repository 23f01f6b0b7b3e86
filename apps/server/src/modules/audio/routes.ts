import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../http/validate";
import type { SpeechProvider } from "../../providers/tts/speech";
import {
  AUDIO_CACHE_KEY,
  AUDIO_MESSAGES,
  AUDIO_TEXT_MAX,
  AUDIO_VOICES,
  audioKeyFromPath,
  DEFAULT_AUDIO_VOICE,
  generateTextAudio,
  parseRange,
} from "./service";

/** Section 7: generate-text-audio { text, voice: "onyx", cacheKey: "daily-devotional-{id}" } -> { audioUrl }. */
export const generateTextAudioInput = z.strictObject({
  text: z
    .string({ error: (issue) => (issue.input === undefined ? AUDIO_MESSAGES.textRequired : "text must be a string.") })
    .trim()
    .min(1, AUDIO_MESSAGES.textRequired)
    .max(AUDIO_TEXT_MAX, AUDIO_MESSAGES.textTooLong),
  voice: z.enum(AUDIO_VOICES, { error: AUDIO_MESSAGES.badVoice }).default(DEFAULT_AUDIO_VOICE),
  cacheKey: z
    .string({ error: (issue) => (issue.input === undefined ? "cacheKey is required." : AUDIO_MESSAGES.badCacheKey) })
    .regex(AUDIO_CACHE_KEY, AUDIO_MESSAGES.badCacheKey),
});

const NOT_FOUND = "That audio was not found.";

export function audioRoutes(ctx: AppContext & { speech: SpeechProvider }) {
  return new Hono<AppEnv>()
    .post("/functions/generate-text-audio", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, generateTextAudioInput);
      const { audioUrl } = await generateTextAudio({
        db: ctx.db,
        storage: ctx.storage,
        speech: ctx.speech,
        log: ctx.log,
        userId: user.id,
        ...input,
      });
      return c.json({ audioUrl });
    })
    .get("/audio/:owner/:file", async (c) => {
      const user = await requireUser(c);
      const target = audioKeyFromPath(c.req.param("owner"), c.req.param("file"));
      // Someone else's audio is "not found", not "forbidden": its existence is not ours to tell.
      if (!target || target.owner !== user.id) throw new AppError("NOT_FOUND", NOT_FOUND);
      const file = await ctx.storage.get(target.key);
      if (!file) throw new AppError("NOT_FOUND", NOT_FOUND);

      const size = file.body.length;
      const headers: Record<string, string> = {
        "content-type": file.contentType,
        "accept-ranges": "bytes",
        etag: target.etag,
        // The name changes whenever the audio would, so a copy never goes stale.
        "cache-control": "private, max-age=31536000, immutable",
      };
      const ifRange = c.req.header("if-range");
      const range = ifRange && ifRange.trim() !== target.etag ? null : parseRange(c.req.header("range"), size);
      if (range === "unsatisfiable") {
        return c.json(
          { error: { code: "RANGE_NOT_SATISFIABLE", message: `The requested range is outside the audio (${size} bytes).` } },
          416,
          { ...headers, "content-range": `bytes */${size}`, "cache-control": "no-store" },
        );
      }
      if (!range) {
        return c.body(new Uint8Array(file.body), 200, { ...headers, "content-length": String(size) });
      }
      const part = file.body.subarray(range.start, range.end + 1);
      return c.body(new Uint8Array(part), 206, {
        ...headers,
        "content-range": `bytes ${range.start}-${range.end}/${size}`,
        "content-length": String(part.length),
      });
    });
}
