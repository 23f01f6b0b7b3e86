import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { UUID_PARAM } from "../src/http/validate";
import { adminRoutes } from "../src/modules/admin/routes";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

/** Every route the admin module serves (read from the module itself, so a new route is walked without being listed). */
function adminApi(app: TestApp): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: string; path: string }> = [];
  for (const route of adminRoutes(app.ctx).routes) {
    if (route.method === "ALL") continue;
    const path = `/api${route.path
      .split(UUID_PARAM)
      .join("")
      .replace(/:[a-zA-Z]+/g, () => randomUUID())}`;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path });
  }
  return routes;
}

function send(client: TestClient, route: { method: string; path: string }) {
  return client.request(route.method, route.path, route.method === "GET" ? {} : { json: {} });
}

describe("the admin API's guard", () => {
  let app: TestApp;
  let member: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    member = (await newPerson(app)).client;
    admin = app.client();
    const adminUser = await signUp(admin, { name: "Admin Walker" });
    await setAdmin(app.db, adminUser.email, true);
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
  });
  afterAll(async () => {
    await app?.close();
  });

  test("every admin route: signed out 401, a member 403, an admin neither", async () => {
    const routes = adminApi(app);
    // The pages built so far, and the reports ones: the walker found them all.
    const listed = routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ":id")}`);
    for (const expected of [
      "GET /api/admin/reports",
      "POST /api/admin/reports/:id/resolve",
      "GET /api/admin/dashboard",
      "GET /api/admin/users",
      "GET /api/admin/users/:id",
      "POST /api/admin/users/:id/ban",
      "GET /api/admin/health",
      "POST /api/admin/health/jobs/:id/retry",
      "GET /api/admin/subscriptions",
      "GET /api/admin/subscriptions/events",
    ]) {
      expect(listed).toContain(expected);
    }
    for (const route of routes) {
      const anonymous = await send(app.client(), route);
      expect(anonymous.status, `${route.method} ${route.path} signed out`).toBe(401);
      const asMember = await send(member, route);
      expect(asMember.status, `${route.method} ${route.path} as a member`).toBe(403);
      expect(asMember.json().error.message).toBe("Only admins can do that.");
      const asAdmin = await send(admin, route);
      // An admin reaches the handler: a page, 202 (a job queued, here with nothing to do), or (for an id that does not
      // exist, or an empty body) 400 / 404.
      expect([200, 202, 400, 404], `${route.method} ${route.path} as an admin: ${asAdmin.text}`).toContain(asAdmin.status);
    }
  });

  test("a path under /admin that no route serves is refused the same way before it is not found", async () => {
    expect((await app.client().get("/api/admin/nothing-here")).status).toBe(401);
    expect((await member.get("/api/admin/nothing-here")).status).toBe(403);
    expect((await admin.get("/api/admin/nothing-here")).status).toBe(404);
  });

  test("an admin whose role is taken away is refused at once", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Former Admin" });
    await setAdmin(app.db, user.email, true);
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    expect((await client.get("/api/admin/dashboard")).status).toBe(200);
    await app.db.update(schema.users).set({ role: "user" }).where(eq(schema.users.id, user.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    expect((await client.get("/api/admin/dashboard")).status).toBe(403);
  });
});
