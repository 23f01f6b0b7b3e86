// Long because speech is one pipeline: the eSpeak worker, generate-text-audio with its cap, Range serving and the
// OpenAI-compatible speech provider share one app, one fake speech server and the same sample texts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { monthKey } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { parseRange } from "../src/http/range";
import { createEspeakSpeech } from "../src/providers/tts/espeak";
import { createOpenAiSpeech } from "../src/providers/tts/openai-speech";
import { startTestApp, type TestApp } from "./helpers/app";
import { mp3Frames, serveAudioRoutes, startFakeSpeechServer, type Served } from "./helpers/audio";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const SHORT = "The Lord is my shepherd; I shall not want. He leads me beside still waters.";

/** About 450 words, the length of a daily devotional. */
const DEVOTIONAL = Array.from(
  { length: 15 },
  (_, i) =>
    `In quiet moment number ${i + 1}, remember that the Shepherd knows your name and walks ahead of you. ` +
    `Rest in His care today, and lead your family with patience and love.`,
).join(" ");

let app: TestApp;
const espeak = createEspeakSpeech();
/** Where the espeak-backed audio routes are served: the real app once app.ts mounts them, else our own mount. */
let audioBase: string;
let mounted: Served | undefined;

beforeAll(async () => {
  app = await startTestApp();
  const probe = await app.client().post("/api/functions/generate-text-audio", {});
  if (probe.status === 404) {
    mounted = await serveAudioRoutes(app.ctx, espeak);
    audioBase = mounted.url;
  } else {
    audioBase = app.url;
  }
});
afterAll(async () => {
  await mounted?.close();
  await espeak.close();
  await app?.close();
});

function generate(client: TestClient, body: unknown, base = audioBase) {
  return client.post(`${base}/api/functions/generate-text-audio`, body);
}

function fetchAudio(client: TestClient, audioUrl: string, headers: Record<string, string> = {}, base = audioBase) {
  return client.get(`${base}${audioUrl}`, { headers: { accept: "audio/mpeg", ...headers } });
}

async function audioUsage(userId: string): Promise<number> {
  const [row] = await app.db
    .select({ audio: schema.monthlyUsageLimits.audioGenerations })
    .from(schema.monthlyUsageLimits)
    .where(and(eq(schema.monthlyUsageLimits.userId, userId), eq(schema.monthlyUsageLimits.month, monthKey(new Date()))));
  return row?.audio ?? 0;
}

function looksLikeMp3(bytes: Uint8Array): boolean {
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
  return id3 || (bytes[0] === 0xff && [0xfb, 0xf3, 0xe3].includes(bytes[1]!));
}

describe("offline speech (eSpeak NG in WebAssembly, MP3 by LAME in WebAssembly)", () => {
  test("a short text becomes a valid MP3 of a plausible length", async () => {
    const result = await espeak.synthesize({ text: SHORT, voice: "onyx" });
    expect(result.contentType).toBe("audio/mpeg");
    expect(looksLikeMp3(result.audio)).toBe(true);
    const frames = mp3Frames(result.audio);
    expect(frames.complete).toBe(true);
    expect(frames.sampleRate).toBe(22050);
    // 14 words at about 160 words a minute, with pauses.
    expect(result.seconds).toBeGreaterThan(3);
    expect(result.seconds).toBeLessThan(12);
    expect(Math.abs(frames.seconds - result.seconds!)).toBeLessThan(0.25);
  });

  test("a 450-word devotional works, stays small, and does not block the event loop", async () => {
    expect(DEVOTIONAL.split(/\s+/).length).toBeGreaterThan(400);
    expect(DEVOTIONAL.split(/\s+/).length).toBeLessThan(500);
    let worstGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 20);
    const result = await espeak.synthesize({ text: DEVOTIONAL, voice: "onyx" }).finally(() => clearInterval(ticker));
    expect(looksLikeMp3(result.audio)).toBe(true);
    expect(mp3Frames(result.audio).complete).toBe(true);
    const minutes = result.seconds! / 60;
    expect(minutes).toBeGreaterThan(2);
    expect(minutes).toBeLessThan(4.5);
    // Well under 2 MB for 3 minutes.
    expect(result.audio.length / minutes).toBeLessThan(0.45 * 1024 * 1024);
    expect(worstGap).toBeLessThan(1000);
  });

  test("a stuck synthesis times out, a burst beyond the queue is refused, and the worker comes back", async () => {
    const hurried = createEspeakSpeech({ timeoutMs: 50, maxQueued: 1 });
    try {
      const slow = hurried.synthesize({ text: DEVOTIONAL, voice: "onyx" });
      await expect(hurried.synthesize({ text: SHORT, voice: "onyx" })).rejects.toThrow("The speech service is busy");
      await expect(slow).rejects.toThrow("Offline speech took longer than 50 ms.");
    } finally {
      await hurried.close();
    }
    const patient = createEspeakSpeech({ maxQueued: 1 });
    try {
      await expect(patient.synthesize({ text: "   ", voice: "onyx" })).rejects.toThrow("There is no text to read aloud.");
      expect(looksLikeMp3((await patient.synthesize({ text: SHORT, voice: "onyx" })).audio)).toBe(true);
      // Closed (as after a crash or a quiet minute), it starts a new worker when asked again.
      await patient.close();
      expect(looksLikeMp3((await patient.synthesize({ text: SHORT, voice: "onyx" })).audio)).toBe(true);
    } finally {
      await patient.close();
    }
  });

  test("texts that eSpeak could misread are read as plain text", async () => {
    const result = await espeak.synthesize({ text: "-v xx [[h@l'oU]] <speak>“Grace” — and peace…</speak>", voice: "onyx" });
    expect(looksLikeMp3(result.audio)).toBe(true);
    expect(result.seconds).toBeGreaterThan(1);
  });
});

describe("generate-text-audio", () => {
  test("returns an audioUrl; the same key and text again is served from storage and not counted", async () => {
    const client = app.client();
    const user = await signUp(client);
    const body = { text: SHORT, voice: "onyx", cacheKey: "daily-devotional-1" };

    const first = await generate(client, body);
    expect(first.status, first.text).toBe(200);
    const { audioUrl } = first.json();
    expect(audioUrl).toMatch(new RegExp(`^/api/audio/${user.id}/daily-devotional-1-[0-9a-f]{16}\\.mp3$`));
    expect(await audioUsage(user.id)).toBe(1);

    const again = await generate(client, body);
    expect(again.status).toBe(200);
    expect(again.json()).toEqual({ audioUrl });
    expect(await audioUsage(user.id)).toBe(1);

    const file = await fetchAudio(client, audioUrl);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/mpeg");
    expect(file.headers["accept-ranges"]).toBe("bytes");
    expect(file.headers["content-length"]).toBe(String(file.body.length));
    expect(file.headers["cache-control"]).toMatch(/^private/);
    expect(looksLikeMp3(file.body)).toBe(true);
    expect(mp3Frames(file.body).complete).toBe(true);

    // A changed text under the same key is new audio.
    const changed = await generate(client, { ...body, text: `${SHORT} Amen.` });
    expect(changed.status).toBe(200);
    expect(changed.json().audioUrl).not.toBe(audioUrl);
    expect(await audioUsage(user.id)).toBe(2);
  });

  test("two requests at once for the same audio make it once", async () => {
    const client = app.client();
    const user = await signUp(client);
    const body = { text: "Be still, and know.", voice: "onyx", cacheKey: "daily-devotional-7" };
    const [a, b] = await Promise.all([generate(client, body), generate(client, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json().audioUrl).toBe(b.json().audioUrl);
    expect(await audioUsage(user.id)).toBe(1);
  });

  test("a free account gets 5 new audios a month; the 6th is refused with 429, replays still play", async () => {
    const client = app.client();
    const user = await signUp(client);
    const urls: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await generate(client, {
        text: `Day ${i}. Grace and peace.`,
        voice: "onyx",
        cacheKey: `daily-devotional-${i}`,
      });
      expect(response.status, response.text).toBe(200);
      urls.push(response.json().audioUrl);
    }
    expect(await audioUsage(user.id)).toBe(5);

    const refused = await generate(client, { text: "Day 6. Grace and peace.", voice: "onyx", cacheKey: "daily-devotional-6" });
    expect(refused.status).toBe(429);
    expect(refused.json().error).toEqual({
      code: "LIMIT_REACHED",
      message: "You've reached your monthly limit of 5 audio generations. Upgrade to Premium for unlimited access.",
    });
    expect(await audioUsage(user.id)).toBe(5);

    const replay = await generate(client, { text: "Day 2. Grace and peace.", voice: "onyx", cacheKey: "daily-devotional-2" });
    expect(replay.status).toBe(200);
    expect(replay.json().audioUrl).toBe(urls[1]);
    expect(await audioUsage(user.id)).toBe(5);
  });

  test("bad input gets a clear 400 (or 401/415), and nothing is counted", async () => {
    const anonymous = app.client();
    expect((await generate(anonymous, { text: SHORT, voice: "onyx", cacheKey: "daily-devotional-1" })).status).toBe(401);

    const client = app.client();
    const user = await signUp(client);
    const cases: [unknown, RegExp][] = [
      [{ voice: "onyx", cacheKey: "daily-devotional-1" }, /^text: Enter the text to read aloud\.$/],
      [{ text: "   \n ", voice: "onyx", cacheKey: "daily-devotional-1" }, /Enter the text to read aloud/],
      [{ text: 42, voice: "onyx", cacheKey: "daily-devotional-1" }, /text must be a string/],
      [{ text: "a".repeat(20_001), voice: "onyx", cacheKey: "daily-devotional-1" }, /20,000 characters or fewer/],
      [{ text: SHORT, voice: "robot", cacheKey: "daily-devotional-1" }, /Choose a voice: onyx/],
      [{ text: SHORT, voice: "onyx", cacheKey: "Daily Devotional!" }, /cacheKey must be 1 to 100 lowercase letters/],
      [{ text: SHORT, voice: "onyx", cacheKey: "" }, /cacheKey must be/],
      [{ text: SHORT, voice: "onyx", cacheKey: "../../etc/passwd" }, /cacheKey must be/],
      [{ text: SHORT, voice: "onyx", cacheKey: "x".repeat(101) }, /cacheKey must be/],
      [{ text: SHORT, voice: "onyx" }, /cacheKey is required/],
      [{ text: SHORT, voice: "onyx", cacheKey: "daily-devotional-1", speed: 2 }, /Unknown field: speed/],
      [[SHORT], /expected object/i],
    ];
    for (const [body, message] of cases) {
      const response = await generate(client, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    const notJson = await client.request("POST", `${audioBase}/api/functions/generate-text-audio`, {
      body: "{text:",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json().error.message).toBe("The request body is not valid JSON.");
    const form = await client.request("POST", `${audioBase}/api/functions/generate-text-audio`, {
      body: "text=hello",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    // voice may be left out: it is "onyx".
    const defaulted = await generate(client, { text: "Peace be with you.", cacheKey: "daily-devotional-3" });
    expect(defaulted.status).toBe(200);
    expect(await audioUsage(user.id)).toBe(1);
  });
});

describe("serving audio", () => {
  let owner: TestClient;
  let audioUrl: string;
  let whole: Buffer;

  beforeAll(async () => {
    owner = app.client();
    await signUp(owner);
    const response = await generate(owner, { text: SHORT, voice: "onyx", cacheKey: "daily-devotional-9" });
    expect(response.status).toBe(200);
    audioUrl = response.json().audioUrl;
    whole = (await fetchAudio(owner, audioUrl)).body;
    expect(whole.length).toBeGreaterThan(1000);
  });

  test("Range requests get the right bytes and status codes", async () => {
    const size = whole.length;
    const expectPart = async (range: string, start: number, end: number) => {
      const response = await fetchAudio(owner, audioUrl, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers["content-length"]).toBe(String(end - start + 1));
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers["content-type"]).toBe("audio/mpeg");
      expect(response.body.equals(whole.subarray(start, end + 1)), range).toBe(true);
    };
    await expectPart("bytes=0-99", 0, 99);
    await expectPart("bytes=100-", 100, size - 1);
    await expectPart("bytes=-50", size - 50, size - 1);
    await expectPart(`bytes=${size - 1}-${size - 1}`, size - 1, size - 1);
    await expectPart(`bytes=10-${size * 2}`, 10, size - 1);
    await expectPart(`bytes=-${size * 2}`, 0, size - 1);
    await expectPart("bytes=0-", 0, size - 1);

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=-0"]) {
      const response = await fetchAudio(owner, audioUrl, { range });
      expect(response.status, range).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${size}`);
    }
    // Headers we may ignore: several ranges, another unit, nonsense, a reversed range, a stale If-Range.
    const ignored: Record<string, string>[] = [
      { range: "bytes=0-1,4-5" },
      { range: "items=0-5" },
      { range: "bytes=abc" },
      { range: "bytes=50-10" },
      { range: "bytes=0-9", "if-range": '"0000000000000000"' },
    ];
    for (const headers of ignored) {
      const response = await fetchAudio(owner, audioUrl, headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body.equals(whole)).toBe(true);
    }
    const etag = (await fetchAudio(owner, audioUrl)).headers.etag!;
    const matching = await fetchAudio(owner, audioUrl, { range: "bytes=0-9", "if-range": etag });
    expect(matching.status).toBe(206);

    const head = await owner.request("HEAD", `${audioBase}${audioUrl}`);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(size));
    expect(head.body.length).toBe(0);
  });

  test("only the owner gets the file: another person gets 404, nobody signed in gets 401", async () => {
    const other = app.client();
    await signUp(other);
    const response = await fetchAudio(other, audioUrl);
    expect(response.status).toBe(404);
    expect(response.json().error.message).toBe("That audio was not found.");
    expect((await fetchAudio(other, audioUrl, { range: "bytes=0-9" })).status).toBe(404);
    expect((await fetchAudio(app.client(), audioUrl)).status).toBe(401);

    const ownerId = audioUrl.split("/")[3];
    for (const path of [
      `/api/audio/${ownerId}/daily-devotional-404-0123456789abcdef.mp3`,
      `/api/audio/${ownerId}/..%2F..%2Fauth-secret`,
      `/api/audio/${ownerId}/x.wav`,
    ]) {
      expect((await fetchAudio(owner, path)).status, path).toBe(404);
    }
  });
});

describe("configured speech: an OpenAI-compatible /audio/speech", () => {
  // Two MPEG-2 Layer III frames (40 kbit/s, 22.05 kHz) after an empty ID3v2 tag.
  const frame = Buffer.alloc(130, 0x55);
  frame.set([0xff, 0xf3, 0x50, 0xc4]);
  const FAKE_MP3 = new Uint8Array(Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), frame, frame]));

  test("is called with voice onyx, and its bytes are stored and served", async () => {
    const fake = await startFakeSpeechServer({ audio: FAKE_MP3 });
    const speech = createOpenAiSpeech({ baseUrl: `${fake.url}/v1/`, apiKey: "sk-test-123", model: "tts-1" });
    const served = await serveAudioRoutes(app.ctx, speech);
    try {
      const client = app.client();
      const user = await signUp(client);
      const response = await generate(
        client,
        { text: `  ${SHORT}  `, voice: "onyx", cacheKey: "daily-devotional-5" },
        served.url,
      );
      expect(response.status, response.text).toBe(200);
      expect(fake.requests).toEqual([
        {
          method: "POST",
          path: "/v1/audio/speech",
          authorization: "Bearer sk-test-123",
          body: { model: "tts-1", voice: "onyx", input: SHORT, response_format: "mp3" },
        },
      ]);
      const { audioUrl } = response.json();
      const file = await fetchAudio(client, audioUrl, {}, served.url);
      expect(file.status).toBe(200);
      expect(new Uint8Array(file.body)).toEqual(FAKE_MP3);
      expect(await audioUsage(user.id)).toBe(1);

      // Replayed from storage: the service is not asked again.
      expect((await generate(client, { text: SHORT, voice: "onyx", cacheKey: "daily-devotional-5" }, served.url)).status).toBe(
        200,
      );
      expect(fake.requests).toHaveLength(1);
    } finally {
      await served.close();
      await fake.close();
    }
  });

  test("a text longer than one request is read in parts and joined into one file", async () => {
    const fake = await startFakeSpeechServer({ audio: FAKE_MP3 });
    const speech = createOpenAiSpeech({ baseUrl: `${fake.url}/v1`, apiKey: "k", model: "tts-1" });
    try {
      const text = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} rests in green pastures.`).join(" ");
      expect(text.length).toBeGreaterThan(4096);
      const result = await speech.synthesize({ text, voice: "onyx" });
      expect(fake.requests).toHaveLength(2);
      const inputs = fake.requests.map((r) => r.body.input as string);
      expect(inputs.every((input) => input.length <= 4096 && /\.$/.test(input))).toBe(true);
      expect(inputs.join(" ")).toBe(text);
      // The second part's ID3 tag is dropped: one tag, then four frames.
      expect(result.audio.length).toBe(FAKE_MP3.length * 2 - 10);
      expect(mp3Frames(result.audio)).toMatchObject({ frames: 4, complete: true });
    } finally {
      await fake.close();
    }
  });

  test("failures become clear errors: a refused key, a dead server, a slow one", async () => {
    const fake = await startFakeSpeechServer({
      audio: FAKE_MP3,
      respond: (request, res) => {
        if (request.authorization === "Bearer wrong") {
          res.writeHead(401, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "Incorrect API key provided: wrong." } }));
          return true;
        }
        if (request.authorization === "Bearer slow") return true; // never answers
        if (request.authorization === "Bearer json") {
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
          return true;
        }
      },
    });
    try {
      const refused = createOpenAiSpeech({ baseUrl: `${fake.url}/v1`, apiKey: "wrong", model: "tts-1" });
      await expect(refused.synthesize({ text: SHORT, voice: "onyx" })).rejects.toThrow(
        "The speech service refused the API key (HTTP 401: Incorrect API key provided: wrong.).",
      );
      const slow = createOpenAiSpeech({ baseUrl: `${fake.url}/v1`, apiKey: "slow", model: "tts-1", timeoutMs: 300 });
      await expect(slow.synthesize({ text: SHORT, voice: "onyx" })).rejects.toThrow(
        "The speech service did not answer within 300 ms.",
      );
      const notAudio = createOpenAiSpeech({ baseUrl: `${fake.url}/v1`, apiKey: "json", model: "tts-1" });
      await expect(notAudio.synthesize({ text: SHORT, voice: "onyx" })).rejects.toThrow("application/json instead of audio");

      // Through the API: a 503 whose message says why, and nothing counted.
      const served = await serveAudioRoutes(app.ctx, refused);
      try {
        const client = app.client();
        const user = await signUp(client);
        const response = await generate(client, { text: SHORT, voice: "onyx", cacheKey: "daily-devotional-8" }, served.url);
        expect(response.status).toBe(503);
        expect(response.json().error.message).toBe(
          "The audio could not be generated. The speech service refused the API key (HTTP 401: Incorrect API key provided: wrong.).",
        );
        expect(await audioUsage(user.id)).toBe(0);
      } finally {
        await served.close();
      }
    } finally {
      await fake.close();
    }
    const dead = createOpenAiSpeech({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", model: "tts-1" });
    await expect(dead.synthesize({ text: SHORT, voice: "onyx" })).rejects.toThrow("The speech service could not be reached");
  });
});

describe("parseRange", () => {
  test("follows RFC 9110 for single byte ranges", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-0", 100)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-", 100)).toBeNull();
    expect(parseRange("bytes=5-1", 100)).toBeNull();
    expect(parseRange(`bytes=0-${"9".repeat(400)}`, 100)).toBeNull();
  });
});
