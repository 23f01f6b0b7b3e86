import { and, eq } from "drizzle-orm";
import type { Context, Next } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../context";
import type { Database } from "../db/client";
import { clientWrites } from "../db/schema";
import { AppError } from "../errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 18: a write sent with an Idempotency-Key header (a UUID the device made when he wrote it, perhaps offline) is
 * done once. The first request with the key claims it (a row in client_writes) and its successful answer is kept; a
 * repeat of the same method and path gets that answer again (with Idempotent-Replayed: true) and changes nothing; a
 * repeat while the first is still running gets 409 and tries again. A failed first attempt frees the key for a retry.
 * Requests without the header, or signed out (the route answers 401), go on as before.
 */
export async function idempotentWrite(c: Context<AppEnv>, next: Next, db: Database): Promise<void> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!UUID.test(key)) throw new AppError("BAD_REQUEST", "The Idempotency-Key header must be a UUID made by the device.");
  const user = await c.get("getUser")();
  if (!user) return next();
  const method = c.req.method;
  const path = c.req.path;
  const claimed = await db
    .insert(clientWrites)
    .values({ userId: user.id, key, method, path })
    .onConflictDoNothing()
    .returning({ key: clientWrites.key });
  if (claimed.length === 0) {
    const [earlier] = await db
      .select()
      .from(clientWrites)
      .where(and(eq(clientWrites.userId, user.id), eq(clientWrites.key, key)));
    if (!earlier) throw new AppError("CONFLICT", "This change is still being saved. Try again in a moment.");
    if (earlier.method !== method || earlier.path !== path) {
      throw new AppError("BAD_REQUEST", "This Idempotency-Key was already used for another change; make a new one.");
    }
    if (earlier.status === null) throw new AppError("CONFLICT", "This change is still being saved. Try again in a moment.");
    // Set on the context: the middleware around this one reads c.res rather than a returned Response.
    c.header("idempotent-replayed", "true");
    c.res =
      earlier.body === null
        ? c.body(null, earlier.status as ContentfulStatusCode)
        : c.json(earlier.body, earlier.status as ContentfulStatusCode);
    return;
  }
  const mine = and(eq(clientWrites.userId, user.id), eq(clientWrites.key, key));
  try {
    await next();
  } catch (error) {
    await db.delete(clientWrites).where(mine);
    throw error;
  }
  const status = c.res.status;
  if (status < 200 || status >= 300) {
    await db.delete(clientWrites).where(mine);
    return;
  }
  const isJson = (c.res.headers.get("content-type") ?? "").includes("application/json");
  const body: unknown = isJson ? await c.res.clone().json() : null;
  await db.update(clientWrites).set({ status, body, finishedAt: new Date() }).where(mine);
}
