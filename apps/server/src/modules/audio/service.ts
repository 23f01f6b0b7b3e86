import { createHash } from "node:crypto";
import type { Database } from "../../db/client";
import { withKeyLock } from "../../db/key-locks";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { StorageProvider } from "../../providers/storage/storage";
import type { SpeechProvider } from "../../providers/tts/speech";
import { refuseAccess, checkAccess, withAccess } from "../access/service";

/**
 * Devotional audio (spec sections 2, 4, 7 "generate-text-audio", 8 and 9): text to speech, made once per person,
 * text and voice, kept in storage and served from there.
 *
 *   generateTextAudio(...) -> { audioUrl: "/api/audio/<userId>/<cacheKey>-<hash>.mp3" }
 *
 * The stored key names the owner, the caller's cache key and a hash of what was read (provider, voice, text), so a
 * replay of the same devotional is a storage read, and a changed text is a new file. Only a new generation counts
 * against the monthly "audio" cap: a cheap read-only check refuses before any synthesis, and the use is counted
 * together with storing the file, in the access check's transaction, once the audio exists.
 */

/** The voices of the OpenAI-compatible endpoint; the app always asks for "onyx" (section 9). */
export const AUDIO_VOICES = [
  "onyx",
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "sage",
  "shimmer",
  "verse",
] as const;
export type AudioVoice = (typeof AUDIO_VOICES)[number];
export const DEFAULT_AUDIO_VOICE: AudioVoice = "onyx";
export const AUDIO_TEXT_MAX = 20_000;
/** Such as "daily-devotional-42" (section 7). */
export const AUDIO_CACHE_KEY = /^[a-z0-9-]{1,100}$/;

export const AUDIO_MESSAGES = {
  textRequired: "Enter the text to read aloud.",
  textTooLong: `The text to read aloud must be ${AUDIO_TEXT_MAX.toLocaleString("en-US")} characters or fewer.`,
  badVoice: `Choose a voice: ${AUDIO_VOICES.join(", ")}.`,
  badCacheKey: "cacheKey must be 1 to 100 lowercase letters, digits or dashes, such as daily-devotional-42.",
} as const;

const URL_PREFIX = "/api/";
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_NAME = /^([a-z0-9-]{1,100})-([0-9a-f]{16})\.mp3$/;

const WORDS_PER_MINUTE = 150;

export interface GenerateTextAudioInput {
  db: Database;
  storage: StorageProvider;
  speech: SpeechProvider;
  userId: string;
  text: string;
  voice: string;
  cacheKey: string;
  log?: Logger;
}

function checkInput(input: { userId: string; text: string; voice: string; cacheKey: string }) {
  const text = input.text.trim();
  if (!text) throw new AppError("BAD_REQUEST", AUDIO_MESSAGES.textRequired);
  if (text.length > AUDIO_TEXT_MAX) throw new AppError("BAD_REQUEST", AUDIO_MESSAGES.textTooLong);
  if (!(AUDIO_VOICES as readonly string[]).includes(input.voice)) throw new AppError("BAD_REQUEST", AUDIO_MESSAGES.badVoice);
  if (!AUDIO_CACHE_KEY.test(input.cacheKey)) throw new AppError("BAD_REQUEST", AUDIO_MESSAGES.badCacheKey);
  if (!OWNER.test(input.userId)) throw new AppError("BAD_REQUEST", "That account cannot have audio.");
  return { text, voice: input.voice, cacheKey: input.cacheKey, userId: input.userId };
}

/** `audio/<userId>/<cacheKey>-<hash>.mp3`; the hash covers the provider too, so switching providers makes new audio. */
export function audioStorageKey(input: {
  userId: string;
  cacheKey: string;
  text: string;
  voice: string;
  provider: string;
}): string {
  const hash = createHash("sha256").update(`${input.provider}\n${input.voice}\n${input.text}`).digest("hex").slice(0, 16);
  return `audio/${input.userId}/${input.cacheKey}-${hash}.mp3`;
}

export function audioUrlFor(key: string): string {
  return `${URL_PREFIX}${key}`;
}

/** The storage key of `/api/audio/<owner>/<file>`, or null when the name is not one we make. */
export function audioKeyFromPath(owner: string, file: string): { key: string; owner: string; etag: string } | null {
  const match = FILE_NAME.exec(file);
  if (!OWNER.test(owner) || !match) return null;
  return { key: `audio/${owner}/${file}`, owner, etag: `"${match[2]}"` };
}

/**
 * Made once per storage key across every process and machine: the key's lock (db/key-locks.ts) is taken before the
 * storage check, so a second Listen (a double tap, another process, another machine) waits for the first, then finds
 * the file and is not counted.
 */
export async function generateTextAudio(input: GenerateTextAudioInput): Promise<{ audioUrl: string; cached: boolean }> {
  const checked = checkInput(input);
  const key = audioStorageKey({ ...checked, provider: input.speech.name });
  return withKeyLock(input.db, key, () => generate(input, checked, key));
}

async function generate(
  input: GenerateTextAudioInput,
  checked: ReturnType<typeof checkInput>,
  key: string,
): Promise<{ audioUrl: string; cached: boolean }> {
  const { db, storage, speech, log } = input;
  const { userId, text, voice } = checked;
  const audioUrl = audioUrlFor(key);

  let existing: Awaited<ReturnType<StorageProvider["head"]>>;
  try {
    existing = await storage.head(key);
  } catch (error) {
    log?.error({ err: error, key }, "audio storage read failed");
    throw new AppError("UNAVAILABLE", "Saved audio could not be read right now. Please try again.");
  }
  if (existing && existing.bytes > 0) return { audioUrl, cached: true };

  // Refuse before spending seconds of synthesis; the counted check below is the one that holds.
  const access = await checkAccess(db, { userId, feature: "audio" });
  if (!access.allowed) throw await refuseAccess(db, userId, access);

  const started = performance.now();
  let audio: Uint8Array;
  let seconds: number;
  try {
    const result = await speech.synthesize({ text, voice });
    audio = result.audio;
    // A provider that does not say how long the audio is (OpenAI's): estimated at 150 spoken words a minute.
    seconds = result.seconds ?? (text.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE) * 60;
    log?.info(
      {
        userId,
        provider: speech.name,
        characters: text.length,
        bytes: audio.length,
        seconds: result.seconds,
        ms: Math.round(performance.now() - started),
      },
      "audio generated",
    );
  } catch (error) {
    log?.warn({ err: error, userId, provider: speech.name }, "audio generation failed");
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("UNAVAILABLE", `The audio could not be generated. ${reason}`.trim());
  }
  if (audio.length === 0)
    throw new AppError("UNAVAILABLE", "The audio could not be generated. The speech service sent no audio.");

  await withAccess(db, { userId, feature: "audio", audioSeconds: seconds }, async () => {
    try {
      await storage.put(key, audio, "audio/mpeg");
    } catch (error) {
      log?.error({ err: error, key }, "audio storage write failed");
      throw new AppError("UNAVAILABLE", "The audio could not be saved. Please try again.");
    }
  });
  return { audioUrl, cached: false };
}
