import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

/**
 * The offline speech worker (started by espeak.ts, one at a time): eSpeak NG compiled to WebAssembly writes a WAV
 * stream into a device whose every write is encoded to MP3 at once, so memory stays flat whatever the length.
 *
 * It imports nothing of ours and only Node's own modules statically: the two WebAssembly packages are loaded from the
 * paths the main thread resolved (`workerData`), so this file runs the same built (dist/espeak-worker.js) and from source.
 */

export interface WorkerPaths {
  espeakJs: string;
  espeakWasm: string;
  encodersJs: string;
  mp3Wasm: string;
}

export interface WorkerJob {
  id: number;
  text: string;
  voice: string;
  wordsPerMinute: number;
  bitrate: 32 | 40 | 48 | 64;
}

export type WorkerReply = { id: number; audio: Uint8Array; seconds: number } | { id: number; error: string };

/** The part of wasm-media-encoders' MP3 encoder used here. */
interface Mp3Encoder {
  configure(options: { sampleRate: number; channels: 1; bitrate: number }): void;
  encode(samples: Float32Array[]): Uint8Array;
  finalize(): Uint8Array;
}

/** The part of eSpeak NG's Emscripten module used here. */
interface EmscriptenFs {
  makedev(major: number, minor: number): number;
  registerDevice(device: number, operations: Record<string, unknown>): void;
  mkdev(path: string, mode: number, device: number): void;
  writeFile(path: string, data: string): void;
  ErrnoError: new (errno: number) => Error;
}

interface EspeakModule {
  FS: EmscriptenFs;
  _main(argc: number, argv: number): number;
}

interface WasmExports {
  malloc(size: number): number;
  fflush(stream: number): void;
  memory: WebAssembly.Memory;
}

type EspeakFactory = (options: Record<string, unknown>) => Promise<EspeakModule>;

interface Tools {
  ESpeakNg: EspeakFactory;
  createEncoder: (type: "audio/mpeg", wasm: WebAssembly.Module) => Promise<Mp3Encoder>;
  espeakWasm: WebAssembly.Module;
  mp3Wasm: WebAssembly.Module;
}

const paths = workerData as WorkerPaths;
let tools: Promise<Tools> | undefined;

function load(): Promise<Tools> {
  tools ??= (async () => {
    const [espeak, encoders, espeakWasm, mp3Wasm] = await Promise.all([
      import(pathToFileURL(paths.espeakJs).href) as Promise<{ default: EspeakFactory }>,
      import(pathToFileURL(paths.encodersJs).href) as Promise<{ createEncoder: Tools["createEncoder"] }>,
      WebAssembly.compile(fs.readFileSync(paths.espeakWasm)),
      WebAssembly.compile(fs.readFileSync(paths.mp3Wasm)),
    ]);
    return { ESpeakNg: espeak.default, createEncoder: encoders.createEncoder, espeakWasm, mp3Wasm };
  })();
  return tools;
}

interface WavFormat {
  pcm: number;
  channels: number;
  rate: number;
  bits: number;
}

/** Reads eSpeak's WAV stream (header, then 16-bit mono PCM) and encodes it to MP3 as it arrives. */
class Mp3Sink {
  private head = new Uint8Array(0);
  private rate = 0;
  /** A PCM sample's first byte, when a write ended between a sample's two bytes. */
  private carry = -1;
  private samples = 0;
  private parts: Uint8Array[] = [];
  private bytes = 0;

  constructor(
    private readonly encoder: Mp3Encoder,
    private readonly bitrate: number,
  ) {}

  write(chunk: Uint8Array): void {
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
  private parseHeader(): number {
    const h = this.head;
    if (h.length < 12) return -1;
    const view = new DataView(h.buffer, h.byteOffset, h.length);
    const tag = (at: number) => String.fromCharCode(h[at]!, h[at + 1]!, h[at + 2]!, h[at + 3]!);
    if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("eSpeak did not write a WAV stream.");
    let at = 12;
    let format: WavFormat | null = null;
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

  private feed(bytes: Uint8Array): void {
    const available = bytes.length + (this.carry >= 0 ? 1 : 0);
    const pcm = new Float32Array(available >> 1);
    let n = 0;
    let p = 0;
    if (this.carry >= 0 && bytes.length) {
      const v = this.carry | (bytes[0]! << 8);
      pcm[n++] = ((v << 16) >> 16) / 32768;
      this.carry = -1;
      p = 1;
    }
    for (; p + 1 < bytes.length; p += 2) {
      const v = bytes[p]! | (bytes[p + 1]! << 8);
      pcm[n++] = ((v << 16) >> 16) / 32768;
    }
    if (p < bytes.length) this.carry = bytes[p]!;
    if (!n) return;
    this.samples += n;
    this.keep(this.encoder.encode([pcm.subarray(0, n)]));
  }

  private keep(out: Uint8Array): void {
    if (!out.length) return;
    this.parts.push(out.slice());
    this.bytes += out.length;
  }

  finish(): { audio: Uint8Array; seconds: number } {
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function synthesize(job: WorkerJob): Promise<{ audio: Uint8Array; seconds: number }> {
  const t = await load();
  const encoder = await t.createEncoder("audio/mpeg", t.mp3Wasm);
  const sink = new Mp3Sink(encoder, job.bitrate);
  let exportsOf: WasmExports | undefined;
  let sinkError: unknown = null;
  const messages: string[] = [];
  const Module = await t.ESpeakNg({
    noInitialRun: true,
    arguments: [],
    print: () => {},
    printErr: (line: unknown) => {
      if (messages.length < 20) messages.push(String(line));
    },
    quit: (_status: number, toThrow: unknown) => {
      throw toThrow;
    },
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(t.espeakWasm, imports).then((instance) => {
        exportsOf = instance.exports as unknown as WasmExports;
        done(instance);
      });
      return {};
    },
    preRun: [
      (M: EspeakModule) => {
        const FS = M.FS;
        const device = FS.makedev(250, 0);
        FS.registerDevice(device, {
          open(stream: { seekable: boolean }) {
            stream.seekable = false;
          },
          close() {},
          read() {
            return 0;
          },
          write(_stream: unknown, buffer: Uint8Array, offset: number, length: number) {
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
  const wasm = exportsOf!;
  Module.FS.writeFile("/input.txt", job.text);
  const args = ["espeak-ng", "-v", job.voice, "-s", String(job.wordsPerMinute), "-w", "/dev/wav", "-f", "/input.txt"];
  const encode = new TextEncoder();
  const pointers = args.map((arg) => {
    const bytes = encode.encode(arg + "\0");
    const at = wasm.malloc(bytes.length);
    new Uint8Array(wasm.memory.buffer).set(bytes, at);
    return at;
  });
  const argv = wasm.malloc(4 * (args.length + 1));
  const words = new Uint32Array(wasm.memory.buffer);
  pointers.forEach((at, i) => (words[(argv >> 2) + i] = at));
  words[(argv >> 2) + args.length] = 0;
  let status: number;
  try {
    status = Module._main(args.length, argv);
  } catch (error) {
    if (error && (error as { name?: string }).name === "ExitStatus") status = (error as { status: number }).status;
    else throw new Error(`eSpeak failed: ${messageOf(error)}`);
  }
  try {
    wasm.fflush(0);
  } catch {
    // nothing left to flush
  }
  if (sinkError) throw sinkError;
  if (status !== 0) throw new Error(`eSpeak stopped with status ${status}${messages.length ? `: ${messages.join(" ")}` : "."}`);
  const result = sink.finish();
  if (!result.audio.length || !result.seconds) throw new Error("The text produced no speech.");
  return result;
}

parentPort?.on("message", async (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    const result = await synthesize(job);
    reply = { id: job.id, audio: result.audio, seconds: result.seconds };
    parentPort!.postMessage(reply, [result.audio.buffer as ArrayBuffer]);
  } catch (error) {
    reply = { id: job.id, error: messageOf(error) };
    parentPort!.postMessage(reply);
  }
});
