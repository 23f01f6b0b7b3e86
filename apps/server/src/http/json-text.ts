import type { Context } from "hono";

/** A 200 whose JSON PostgreSQL already wrote (the top of the feed, the Today screen): sent as it is, as c.json would. */
export function jsonText(c: Context, text: string): Response {
  return c.body(text, 200, { "content-type": "application/json" });
}
