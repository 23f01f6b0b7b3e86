/**
 * HTTP Range requests (RFC 9110 section 14) for stored files: one `bytes=a-b`, `bytes=a-` or `bytes=-n`. Several ranges,
 * another unit or a malformed header are ignored (the whole file is sent), as the RFC allows.
 */

/** The bytes `start` to `end` of a file, end inclusive. */
export type ByteRange = { start: number; end: number };

/** A Range header's one range before the file's size is known. */
export type RangeRequest = { start: number; end: number | undefined } | { suffix: number };

/** The range a header asks for, or null to send the whole file. */
export function parseRangeHeader(header: string | undefined): RangeRequest | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    return Number.isSafeInteger(suffix) ? { suffix } : null;
  }
  const start = Number(first);
  const end = last === "" ? undefined : Number(last);
  if (!Number.isSafeInteger(start) || (end !== undefined && !Number.isFinite(end))) return null;
  if (end !== undefined && end < start) return null;
  return { start, end };
}

/** A range against a file of `size` bytes: the bytes to send, or "unsatisfiable" (416). */
export function resolveRange(request: RangeRequest, size: number): ByteRange | "unsatisfiable" {
  if ("suffix" in request) {
    if (request.suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - request.suffix), end: size - 1 };
  }
  if (request.start >= size) return "unsatisfiable";
  return { start: request.start, end: Math.min(request.end ?? size - 1, size - 1) };
}

/** The header's range against a file of `size` bytes; null to send the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const request = parseRangeHeader(header);
  return request ? resolveRange(request, size) : null;
}
