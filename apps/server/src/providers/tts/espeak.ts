import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
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

/** The worker, as plain JavaScript (CommonJS, run with `eval`), so it works the same from source, tests and the bundle. */
const WORKER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { pathToFileURL } = require("node:url");

let tools;
function load() {
  tools ??= (async () => {
    const [espeak, encoders, espeakWasm, mp3Wasm] = await Promise.all([
      import(pathToFileURL(workerData.espeakJs).href),
      import(pathToFileURL(workerData.encodersJs).href),
      WebAssembly.compile(fs.readFileSync(workerData.espeakWasm)),
      WebAssembly.compile(fs.readFileSync(workerData.mp3Wasm)),
    ]);
    return { ESpeakNg: espeak.default, createEncoder: encoders.createEncoder, espeakWasm, mp3Wasm };
  })();
  return tools;
}

/** Reads eSpeak's WAV stream (header, then 16-bit mono PCM) and encodes it to MP3 as it arrives. */
class Mp3Sink {
  constructor(encoder, bitrate) {
    this.encoder = encoder;
    this.bitrate = bitrate;
    this.head = new Uint8Array(0);
    this.rate = 0;
    this.carry = -1;
    this.samples = 0;
    this.parts = [];
    this.bytes = 0;
  }
  write(chunk) {
    if (!this.rate) {
      const head = new Uint8Array(this.head.length + chunk.length);
      head.set(this.head);
      head.set(chunk, this.head.length);
      this.head = head;
      const start = this.parseHeader();
      if (start < 0) return;
      this.head = new Uint8Array(0);
      chunk = head.subarray(start);
    }
    this.feed(chunk);
  }
  /** Offset of the PCM data once the header is complete, else -1. */
  parseHeader() {
    const h = this.head;
    if (h.length < 12) return -1;
    const view = new DataView(h.buffer, h.byteOffset, h.length);
    const tag = (at) => String.fromCharCode(h[at], h[at + 1], h[at + 2], h[at + 3]);
    if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("eSpeak did not write a WAV stream.");
    let at = 12;
    let format = null;
    while (at + 8 <= h.length) {
      const id = tag(at);
      const size = view.getUint32(at + 4, true);
      if (id === "data") {
        if (!format) throw new Error("eSpeak's WAV stream has no format.");
        if (format.pcm !== 1 || format.channels !== 1 || format.bits !== 16) {
          throw new Error("eSpeak's WAV stream is not 16-bit mono PCM.");
        }
        this.rate = format.rate;
        this.encoder.configure({ sampleRate: this.rate, channels: 1, bitrate: this.bitrate });
        return at + 8;
      }
      if (at + 8 + size > h.length) return -1;
      if (id === "fmt ") {
        format = {
          pcm: view.getUint16(at + 8, true),
          channels: view.getUint16(at + 10, true),
          rate: view.getUint32(at + 12, true),
          bits: view.getUint16(at + 22, true),
        };
      }
      at += 8 + size + (size % 2);
    }
    return -1;
  }
  feed(bytes) {
    const available = bytes.length + (this.carry >= 0 ? 1 : 0);
    const pcm = new Float32Array(available >> 1);
    let n = 0;
    let p = 0;
    if (this.carry >= 0 && bytes.length) {
      const v = this.carry | (bytes[0] << 8);
      pcm[n++] = ((v << 16) >> 16) / 32768;
      this.carry = -1;
      p = 1;
    }
    for (; p + 1 < bytes.length; p += 2) {
      const v = bytes[p] | (bytes[p + 1] << 8);
      pcm[n++] = ((v << 16) >> 16) / 32768;
    }
    if (p < bytes.length) this.carry = bytes[p];
    if (!n) return;
    this.samples += n;
    this.keep(this.encoder.encode([pcm.subarray(0, n)]));
  }
  keep(out) {
    if (!out.length) return;
    this.parts.push(out.slice());
    this.bytes += out.length;
  }
  finish() {
    if (this.rate) this.keep(this.encoder.finalize());
    const audio = new Uint8Array(this.bytes);
    let at = 0;
    for (const part of this.parts) {
      audio.set(part, at);
      at += part.length;
    }
    return { audio, seconds: this.rate ? this.samples / this.rate : 0 };
  }
}

async function synthesize(job) {
  const t = await load();
  const encoder = await t.createEncoder("audio/mpeg", t.mp3Wasm);
  const sink = new Mp3Sink(encoder, job.bitrate);
  let exportsOf;
  let sinkError = null;
  const messages = [];
  const Module = await t.ESpeakNg({
    noInitialRun: true,
    arguments: [],
    print: () => {},
    printErr: (line) => {
      if (messages.length < 20) messages.push(String(line));
    },
    quit: (_status, toThrow) => {
      throw toThrow;
    },
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(t.espeakWasm, imports).then((instance) => {
        exportsOf = instance.exports;
        done(instance);
      });
      return {};
    },
    preRun: [
      (M) => {
        const FS = M.FS;
        const device = FS.makedev(250, 0);
        FS.registerDevice(device, {
          open(stream) {
            stream.seekable = false;
          },
          close() {},
          read() {
            return 0;
          },
          write(_stream, buffer, offset, length) {
            try {
              sink.write(buffer.subarray(offset, offset + length));
            } catch (error) {
              sinkError ??= error;
            }
            return length;
          },
          llseek() {
            throw new FS.ErrnoError(70); // ESPIPE: eSpeak then leaves the header's sizes as they are
          },
        });
        FS.mkdev("/dev/wav", 0o666, device);
      },
    ],
  });
  Module.FS.writeFile("/input.txt", job.text);
  const args = ["espeak-ng", "-v", job.voice, "-s", String(job.wordsPerMinute), "-w", "/dev/wav", "-f", "/input.txt"];
  const encode = new TextEncoder();
  const pointers = args.map((arg) => {
    const bytes = encode.encode(arg + "\0");
    const at = exportsOf.malloc(bytes.length);
    new Uint8Array(exportsOf.memory.buffer).set(bytes, at);
    return at;
  });
  const argv = exportsOf.malloc(4 * (args.length + 1));
  const words = new Uint32Array(exportsOf.memory.buffer);
  pointers.forEach((at, i) => (words[(argv >> 2) + i] = at));
  words[(argv >> 2) + args.length] = 0;
  let status;
  try {
    status = Module._main(args.length, argv);
  } catch (error) {
    if (error && error.name === "ExitStatus") status = error.status;
    else throw new Error("eSpeak failed: " + (error && error.message ? error.message : String(error)));
  }
  try {
    exportsOf.fflush(0);
  } catch {
    // nothing left to flush
  }
  if (sinkError) throw sinkError;
  if (status !== 0) throw new Error("eSpeak stopped with status " + status + (messages.length ? ": " + messages.join(" ") : "."));
  const result = sink.finish();
  if (!result.audio.length || !result.seconds) throw new Error("The text produced no speech.");
  return result;
}

parentPort.on("message", async (job) => {
  try {
    const result = await synthesize(job);
    parentPort.postMessage({ id: job.id, audio: result.audio, seconds: result.seconds }, [result.audio.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error && error.message ? error.message : String(error) });
  }
});
`;

interface Job {
  resolve(result: SpeechResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type WorkerReply = { id: number; audio: Uint8Array; seconds: number } | { id: number; error: string };

function resolvePaths() {
  const require = createRequire(import.meta.url);
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
  let paths: ReturnType<typeof resolvePaths> | null = null;
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
    const created = new Worker(WORKER_SOURCE, { eval: true, workerData: paths });
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
        target.postMessage({ id, text: input, voice: espeakVoiceFor(voice), wordsPerMinute, bitrate });
      });
    },
    close: () => stop(new Error("The speech service was closed.")),
  };
}
