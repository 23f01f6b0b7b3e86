import type { Context } from "hono";
import { Readable } from "node:stream";
import { AppError } from "../errors";
import type { StorageProvider } from "../providers/storage/storage";
import { parseRangeHeader } from "./range";

/**
 * A stored file as the response to a member who may see it (the route has checked who is asking), from the local
 * folder or the bucket alike (decision 010): streamed, never read whole, with Range requests (a seek in the audio
 * player) and one request to the store. Keys are never reused for other bytes, so a copy may be kept for a year.
 */
export async function serveStoredFile(
  c: Context,
  storage: StorageProvider,
  key: string,
  options: { notFound: string; etag?: string; what?: string },
): Promise<Response> {
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=31536000, immutable",
  };
  if (options.etag) headers.etag = options.etag;
  // If-Range: the range only while the copy the browser has is this one (its entity tag); otherwise the whole file.
  const ifRange = c.req.header("if-range");
  const wanted = ifRange !== undefined && ifRange.trim() !== options.etag ? null : parseRangeHeader(c.req.header("range"));

  let opened: Awaited<ReturnType<StorageProvider["open"]>>;
  try {
    opened = await storage.open(key, wanted);
  } catch (error) {
    throw new AppError("UNAVAILABLE", "That file could not be read right now. Please try again.", { cause: error });
  }
  if (!opened) throw new AppError("NOT_FOUND", options.notFound);
  if ("unsatisfiable" in opened) {
    return c.json(
      {
        error: {
          code: "RANGE_NOT_SATISFIABLE",
          message: `The requested range is outside ${options.what ?? "the file"} (${opened.bytes} bytes).`,
        },
      },
      416,
      { ...headers, "content-range": `bytes */${opened.bytes}`, "cache-control": "no-store" },
    );
  }
  headers["content-type"] = opened.contentType;
  const body = Readable.toWeb(opened.body) as ReadableStream<Uint8Array>;
  if (!opened.range) {
    headers["content-length"] = String(opened.bytes);
    return new Response(body, { status: 200, headers });
  }
  const { start, end } = opened.range;
  headers["content-range"] = `bytes ${start}-${end}/${opened.bytes}`;
  headers["content-length"] = String(end - start + 1);
  return new Response(body, { status: 206, headers });
}
