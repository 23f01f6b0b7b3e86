/**
 * Speech: devotional audio. Offline default: eSpeak NG compiled to WebAssembly (npm `espeak-ng`), encoded to MP3;
 * configured: an OpenAI-compatible `/audio/speech` endpoint (voice "onyx"). Chosen once at start.
 */
export interface SpeechResult {
  audio: Uint8Array;
  contentType: string;
  /** Duration in seconds, when known. */
  seconds: number | null;
}

export interface SpeechProvider {
  readonly name: "espeak" | "openai";
  synthesize(request: { text: string; voice: string }): Promise<SpeechResult>;
}
