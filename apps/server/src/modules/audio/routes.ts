import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { serveStoredFile } from "../../http/stored-file";
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
      return serveStoredFile(c, ctx.storage, target.key, { notFound: NOT_FOUND, etag: target.etag, what: "the audio" });
    });
}
