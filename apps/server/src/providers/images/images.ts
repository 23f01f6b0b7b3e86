import { focusThemeLabel } from "@shepherd/shared";
import type { Logger } from "../../logger";
import { imageTypeOf, renderArtworkPng } from "./artwork";

/** A devotional's artwork or a plan's or series' cover: its bytes, their type, and who made it (the model, or our offline drawing). */
export interface Artwork {
  bytes: Buffer;
  contentType: "image/png" | "image/webp" | "image/jpeg";
  source: "model" | "offline";
  /** Why the model was not used when it is configured (its error); the offline drawing stood in. */
  fallbackReason?: string;
}

/** What an image is drawn for: a devotional (the default), or the cover of a reading plan or a discussion series. */
export interface ArtworkSubject {
  title: string;
  theme: string;
  passage: string;
  kind?: "devotional" | "plan" | "series";
}

const SUBJECT_NOUN = { devotional: "devotional", plan: "reading plan", series: "discussion series" } as const;

export interface ImageProvider {
  readonly name: string;
  artwork(subject: ArtworkSubject): Promise<Artwork>;
}

export function createOfflineImages(): ImageProvider {
  return {
    name: "offline",
    artwork: async (devotional) => ({ bytes: renderArtworkPng(devotional), contentType: "image/png", source: "offline" }),
  };
}

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * An OpenAI-compatible images endpoint (POST {baseUrl}/images/generations): a painting with no words in it, from the
 * theme and the reference. On any failure (timeout, non-2xx, no image, not PNG/WebP/JPEG) the offline drawing stands in.
 */
export function createOpenAiImages(options: {
  baseUrl: string;
  apiKey: string;
  model: string;
  log: Logger;
  timeoutMs?: number;
}): ImageProvider {
  const offline = createOfflineImages();
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function fromModel(devotional: ArtworkSubject): Promise<Artwork> {
    const prompt =
      `A calm, reverent landscape painting for a Christian men's ${SUBJECT_NOUN[devotional.kind ?? "devotional"]} titled "${devotional.title}" ` +
      `on ${focusThemeLabel(devotional.theme)}, inspired by ${devotional.passage}. Warm natural light, no people's faces, ` +
      `no text, no letters, no words.`;
    const response = await fetch(`${options.baseUrl}/images/generations`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify({ model: options.model, prompt, n: 1, size: "1024x1024" }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`images endpoint answered ${response.status}`);
    const body = (await response.json()) as { data?: Array<{ b64_json?: string; url?: string }> };
    const first = body.data?.[0];
    let bytes: Buffer;
    if (first?.b64_json) bytes = Buffer.from(first.b64_json, "base64");
    else if (first?.url) {
      const image = await fetch(first.url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!image.ok) throw new Error(`image download answered ${image.status}`);
      bytes = Buffer.from(await image.arrayBuffer());
    } else throw new Error("images endpoint returned no image");
    if (bytes.length > MAX_IMAGE_BYTES) throw new Error("image larger than 20 MB");
    const contentType = imageTypeOf(bytes);
    if (!contentType) throw new Error("image is not PNG, WebP or JPEG");
    return { bytes, contentType, source: "model" };
  }

  return {
    name: `openai-compatible (${options.model})`,
    async artwork(devotional) {
      try {
        return await fromModel(devotional);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log.warn({ reason }, "image model failed; drawing the artwork offline");
        return { ...(await offline.artwork(devotional)), fallbackReason: reason };
      }
    },
  };
}
