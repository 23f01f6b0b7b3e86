import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { WorkerJob, WorkerPaths, WorkerReply } from "./espeak-worker";
import type { SpeechProvider, SpeechResult } from "./speech";

/**
 * Offline speech: eSpeak NG compiled to WebAssembly (npm `espeak-ng`), encoded to MP3 by LAME compiled to
 * WebAssembly (npm `wasm-media-encoders`). No native binary, no network.
 *
 * Synthesis runs in one worker thread, so a long devotional never blocks the event loop; jobs queue there one at a
 * time (two cores: one worker keeps the other core for requests). The WAV is never held whole: eSpeak writes into a
 * device whose every write is encoded to MP3 at once, so memory stays flat whatever the length. The worker is
 * started on first use and stopped after a quiet minute, which gives its memory (about 100 MB) back.
 *
 * MP3 at a constant 40 kbit/s, mono, 22.05 kHz (eSpeak's own rate): about 0.3 MB per minute, and a constant
 * bitrate lets browsers know the exact duration and seek precisely (a VBR file without a Xing header does not).
 */

export interface EspeakOptions {
  /** Speaking rate in words per minute (eSpeak's `-s`); 160 sounds calm. */
  wordsPerMinute?: number;
  /** MP3 bitrate in kbit/s (constant). */
  bitrate?: 32 | 40 | 48 | 64;
  /** Stop the worker after this long without work. */
  idleMs?: number;
  /** Give up on one synthesis after this long (the worker is then restarted). */
  timeoutMs?: number;
  /** Refuse new work while this many jobs wait, so a burst cannot queue for minutes. */
  maxQueued?: number;
}

export interface EspeakSpeech extends SpeechProvider {
  readonly name: "espeak";
  /** Stops the worker (pending jobs fail). The provider starts a new one if used again. */
  close(): Promise<void>;
}

/** eSpeak voices for the OpenAI voice names the app sends; "onyx" (the app's voice) is a calm, low male voice. */
const VOICES: Record<string, string> = {
  onyx: "en-us+m3",
  echo: "en-us+m1",
  ash: "en-us+m2",
  ballad: "en-us+m4",
  verse: "en-us+m5",
  fable: "en-gb+m3",
  alloy: "en-us+f2",
  nova: "en-us+f3",
  shimmer: "en-us+f4",
  coral: "en-us+f1",
  sage: "en-us+f5",
};
const DEFAULT_VOICE = "en-us+m3";

export function espeakVoiceFor(voice: string): string {
  return VOICES[voice.toLowerCase()] ?? DEFAULT_VOICE;
}

/**
 * Text as eSpeak should read it: no control characters, and no `[[` (eSpeak would read what follows as phoneme
 * codes). SSML is off (no `-m`), so markup in the text is read as text.
 */
export function espeakText(text: string): string {
  return (
    text
      .normalize("NFC")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
      .replace(/\[\[/g, "[ [")
      .trim() + "\n"
  );
}

interface Job {
  resolve(result: SpeechResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const require = createRequire(import.meta.url);

/**
 * The worker's script: dist/espeak-worker.js beside the bundle (build.mjs builds it), or, run from source (tests,
 * benchmarks), espeak-worker.ts through tsx.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  const built = new URL("./espeak-worker.js", import.meta.url);
  if (fs.existsSync(built)) return { script: built, eval: false };
  const source = fileURLToPath(new URL("./espeak-worker.ts", import.meta.url));
  const tsx = require.resolve("tsx/cjs/api");
  return { script: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, eval: true };
}

function resolvePaths(): WorkerPaths {
  const espeakJs = require.resolve("espeak-ng");
  return {
    espeakJs,
    espeakWasm: path.join(path.dirname(espeakJs), "espeak-ng.wasm"),
    encodersJs: require.resolve("wasm-media-encoders"),
    mp3Wasm: require.resolve("wasm-media-encoders/wasm/mp3"),
  };
}

export function createEspeakSpeech(options: EspeakOptions = {}): EspeakSpeech {
  const wordsPerMinute = Math.round(Math.min(260, Math.max(100, options.wordsPerMinute ?? 160)));
  const bitrate = options.bitrate ?? 40;
  const idleMs = options.idleMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxQueued = options.maxQueued ?? 20;
  const waited = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;

  let worker: Worker | null = null;
  let paths: WorkerPaths | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const jobs = new Map<number, Job>();

  const failAll = (error: Error) => {
    for (const [id, job] of jobs) {
      clearTimeout(job.timer);
      jobs.delete(id);
      job.reject(error);
    }
  };

  const stop = async (reason: Error) => {
    const current = worker;
    worker = null;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    failAll(reason);
    if (current) await current.terminate();
  };

  /** A waiting job keeps the process alive; an idle worker does not, and is stopped after a while. */
  const settle = () => {
    if (!worker) return;
    if (jobs.size > 0) {
      worker.ref();
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      return;
    }
    worker.unref();
    idleTimer ??= setTimeout(() => {
      idleTimer = null;
      if (jobs.size === 0) void stop(new Error("The speech worker was stopped."));
    }, idleMs);
    idleTimer.unref();
  };

  const start = (): Worker => {
    if (worker) return worker;
    paths ??= resolvePaths();
    // eSpeak's own messages are captured in the worker and come back with a failed job.
    const { script, eval: isSource } = workerScript();
    const created = new Worker(script, { eval: isSource, workerData: paths });
    created.on("message", (reply: WorkerReply) => {
      const job = jobs.get(reply.id);
      if (!job) return;
      jobs.delete(reply.id);
      clearTimeout(job.timer);
      if ("error" in reply) job.reject(new Error(`Offline speech failed: ${reply.error}`));
      else job.resolve({ audio: reply.audio, contentType: "audio/mpeg", seconds: Math.round(reply.seconds * 100) / 100 });
      settle();
    });
    created.on("error", (error) => {
      if (worker === created) void stop(new Error(`Offline speech failed: ${error.message}`));
    });
    created.on("exit", (code) => {
      if (worker === created) {
        worker = null;
        failAll(new Error(`Offline speech stopped unexpectedly (exit code ${code}).`));
      }
    });
    worker = created;
    return created;
  };

  return {
    name: "espeak",
    synthesize({ text, voice }) {
      const input = espeakText(text);
      if (input.trim() === "") return Promise.reject(new Error("There is no text to read aloud."));
      if (jobs.size >= maxQueued) {
        return Promise.reject(new Error("The speech service is busy. Please try again in a minute."));
      }
      return new Promise<SpeechResult>((resolve, reject) => {
        const target = start();
        const id = nextId++;
        const timer = setTimeout(() => {
          void stop(new Error(`Offline speech took longer than ${waited}.`));
        }, timeoutMs);
        timer.unref();
        jobs.set(id, { resolve, reject, timer });
        settle();
        const job: WorkerJob = { id, text: input, voice: espeakVoiceFor(voice), wordsPerMinute, bitrate };
        target.postMessage(job);
      });
    },
    close: () => stop(new Error("The speech service was closed.")),
  };
}
