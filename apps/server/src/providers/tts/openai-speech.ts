import type { SpeechProvider } from "./speech";

/**
 * Configured speech: any OpenAI-compatible `POST {baseUrl}/audio/speech` (OpenAI itself, or a local server that
 * speaks the same protocol). The endpoint takes at most 4,096 characters per request, so a longer text is read in
 * parts split at sentence ends and the MP3 parts are joined (MP3 frames simply follow one another).
 */

export interface OpenAiSpeechOptions {
  /** For example https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  /** For example "tts-1" or "gpt-4o-mini-tts". */
  model: string;
  /** Per request; 60 seconds by default. */
  timeoutMs?: number;
  /** Characters per request (the OpenAI endpoint's limit is 4,096). */
  maxCharacters?: number;
}

export const OPENAI_SPEECH_MAX_CHARACTERS = 4096;
/** An answer larger than this is not speech we asked for. */
const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/** Splits text into parts of at most `max` characters, at sentence ends where possible, else at spaces. */
export function splitForSpeech(text: string, max: number): string[] {
  const sentences = (text.match(/[^.!?\n]*(?:[.!?]+["'”’)\]]*|\n+|$)\s*/g) ?? [text]).filter(Boolean);
  const parts: string[] = [];
  let current = "";
  const push = () => {
    if (current.trim()) parts.push(current.trim());
    current = "";
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length <= max) {
      current += sentence;
      continue;
    }
    push();
    let rest = sentence;
    while (rest.length > max) {
      const space = rest.lastIndexOf(" ", max);
      const cut = space > max / 2 ? space : max;
      parts.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
    current = rest;
  }
  push();
  return parts.filter(Boolean);
}

/** Bytes after a leading ID3v2 tag, so only the first part of a joined file carries one. */
function withoutId3(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return bytes;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return bytes.subarray(Math.min(bytes.length, 10 + size + footer));
}

async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  let detail = "";
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    if (typeof message === "string") detail = message;
  } catch {
    detail = text.replace(/\s+/g, " ").trim();
  }
  detail = detail.slice(0, 200);
  const what =
    response.status === 401 || response.status === 403
      ? "refused the API key"
      : response.status === 429
        ? "is rate limiting us"
        : response.status >= 500
          ? "had an error"
          : "refused the request";
  return `The speech service ${what} (HTTP ${response.status}${detail ? `: ${detail}` : ""}).`;
}

export function createOpenAiSpeech(options: OpenAiSpeechOptions): SpeechProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/audio/speech`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const waited = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
  const maxCharacters = Math.min(options.maxCharacters ?? OPENAI_SPEECH_MAX_CHARACTERS, OPENAI_SPEECH_MAX_CHARACTERS);

  const speak = async (input: string, voice: string): Promise<Uint8Array> => {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "audio/mpeg" };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: options.model, voice, input, response_format: "mp3" }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name === "TimeoutError" || name === "AbortError") {
        throw new Error(`The speech service did not answer within ${waited}.`, { cause: error });
      }
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(`The speech service could not be reached${code ? ` (${code})` : ""}.`, { cause: error });
    }
    if (!response.ok) throw new Error(await describeFailure(response));
    const type = response.headers.get("content-type") ?? "";
    if (/json|text\/html/i.test(type)) {
      await response.body?.cancel();
      throw new Error(`The speech service answered with ${type.split(";")[0]} instead of audio.`);
    }
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_RESPONSE_BYTES) {
      await response.body?.cancel();
      throw new Error("The speech service sent more audio than expected.");
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new Error(
        timedOut
          ? `The speech service did not finish sending the audio within ${waited}.`
          : "The speech service's answer was cut off.",
        { cause: error },
      );
    }
    if (bytes.length === 0) throw new Error("The speech service sent no audio.");
    if (bytes.length > MAX_RESPONSE_BYTES) throw new Error("The speech service sent more audio than expected.");
    return bytes;
  };

  return {
    name: "openai",
    async synthesize({ text, voice }) {
      const parts = splitForSpeech(text.trim(), maxCharacters);
      if (parts.length === 0) throw new Error("There is no text to read aloud.");
      const audio: Uint8Array[] = [];
      for (const [index, part] of parts.entries()) {
        const bytes = await speak(part, voice);
        audio.push(index === 0 ? bytes : withoutId3(bytes));
      }
      const joined = new Uint8Array(audio.reduce((sum, part) => sum + part.length, 0));
      let at = 0;
      for (const part of audio) {
        joined.set(part, at);
        at += part.length;
      }
      return { audio: joined, contentType: "audio/mpeg", seconds: null };
    },
  };
}
