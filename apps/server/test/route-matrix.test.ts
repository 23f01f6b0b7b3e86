import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../src/app";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import { apiRoutes, fillRoute, type ApiRoute } from "./helpers/routes";
import type { TestClient } from "./helpers/http-client";

/**
 * Issue 19: who may call each route, generated from the router's own table (`app.routes`), not from a hand list of
 * paths to try: a route added without an entry below fails the first test. Levels: "public" (anyone, signed out
 * too), "member" (signed in: 401 signed out), "admin" (401 signed out, 403 for a member). That one member cannot
 * reach another's rows is tested route by route in authorization.test.ts and the area tests; this walks the doors.
 */
type Access = "public" | "member" | "admin";

const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/realtime": "member",
  "GET /api/experiments/:name": "member",
  "POST /api/experiments/:name/exposure": "member",
  "GET /api/admin/experiments": "admin",
  "POST /api/admin/experiments": "admin",
  "GET /api/admin/experiments/:id": "admin",
  "POST /api/admin/experiments/:id/start": "admin",
  "POST /api/admin/experiments/:id/stop": "admin",
  "GET /api/admin/images": "admin",
  "POST /api/admin/images/devotionals/:id": "admin",
  "POST /api/admin/images/plans/:id": "admin",
  "POST /api/admin/images/series/:id": "admin",
  "POST /api/admin/images/missing": "admin",
  "GET /api/site": "public",
  "GET /api/health/ready": "public",
  "GET /api/me": "member",
  "PATCH /api/profile": "member",
  "GET /api/profile/username-availability": "member",
  "POST /api/profile/avatar": "member",
  "DELETE /api/profile/avatar": "member",
  "POST /api/onboarding/complete": "member",
  "GET /api/users/search": "member",
  "GET /api/profiles/:userId": "member",
  "GET /api/files/:area/:owner/:name": "member",
  "POST /api/functions/track-user-activity": "member",
  "POST /api/functions/send-welcome-email": "member",
  "POST /api/error-reports": "public",
  "GET /api/account/export": "member",
  "DELETE /api/account": "member",
  "GET /api/subscription": "member",
  "POST /api/subscription/checkout": "member",
  "POST /api/subscription/portal": "member",
  "POST /api/subscription/cancel": "member",
  "POST /api/subscription/resume": "member",
  "POST /api/functions/check-subscription": "member",
  "POST /api/billing/stripe/webhook": "public",
  "GET /api/billing/test-checkout/:id": "member",
  "POST /api/billing/test-checkout/:id/complete": "member",
  "POST /api/billing/test-checkout/:id/cancel": "member",
  "GET /api/notifications": "member",
  "POST /api/notifications/read-all": "member",
  "POST /api/notifications/:id/read": "member",
  "DELETE /api/notifications/:id": "member",
  "GET /api/reminders": "member",
  "PATCH /api/reminders": "member",
  "POST /api/reminders/test": "member",
  "GET /api/push/public-key": "member",
  "POST /api/push/subscriptions": "member",
  "POST /api/push/subscriptions/remove": "member",
  "POST /api/functions/check-access": "member",
  "GET /api/usage": "member",
  "POST /api/functions/generate-daily-devotional": "member",
  "GET /api/devotionals/today": "member",
  "POST /api/functions/refresh-devotional": "member",
  "GET /api/today": "member",
  "PUT /api/profile/time-zone": "member",
  "GET /api/streak": "member",
  "GET /api/streak/days": "member",
  "POST /api/progress/complete": "member",
  "PUT /api/progress/connection": "member",
  "POST /api/progress/prayed": "member",
  "GET /api/checkins/today": "member",
  "PUT /api/checkins/today": "member",
  "GET /api/journal": "member",
  "POST /api/journal": "member",
  "GET /api/journal/:id": "member",
  "PATCH /api/journal/:id": "member",
  "DELETE /api/journal/:id": "member",
  "GET /api/insights/data": "member",
  "GET /api/insights": "member",
  "POST /api/insights": "member",
  "GET /api/insights/:id": "member",
  "DELETE /api/insights/:id": "member",
  "GET /api/whispers": "member",
  "GET /api/whispers/latest-unread": "member",
  "POST /api/whispers/:id/read": "member",
  "POST /api/functions/generate-encouragement": "member",
  "POST /api/functions/generate-text-audio": "member",
  "GET /api/audio/:owner/:file": "member",
  "GET /api/pasture/posts": "member",
  "POST /api/pasture/posts": "member",
  "POST /api/pasture/images": "member",
  "GET /api/pasture/posts/:id": "member",
  "PATCH /api/pasture/posts/:id": "member",
  "DELETE /api/pasture/posts/:id": "member",
  "PUT /api/pasture/posts/:id/reactions/:kind": "member",
  "DELETE /api/pasture/posts/:id/reactions/:kind": "member",
  "GET /api/pasture/posts/:id/comments": "member",
  "POST /api/pasture/posts/:id/comments": "member",
  "PATCH /api/pasture/comments/:id": "member",
  "DELETE /api/pasture/comments/:id": "member",
  "GET /api/flocks": "member",
  "POST /api/flocks": "member",
  "GET /api/flocks/:id": "member",
  "PATCH /api/flocks/:id": "member",
  "POST /api/flocks/:id/invitations": "member",
  "POST /api/flocks/:id/accept": "member",
  "POST /api/flocks/:id/decline": "member",
  "POST /api/flocks/:id/leave": "member",
  "POST /api/flocks/:id/invite-code": "member",
  "DELETE /api/flocks/:id/members/:memberId": "member",
  "GET /api/flock-invites/:code": "member",
  "POST /api/flock-invites/:code/accept": "member",
  "GET /api/flocks/:id/reflections": "member",
  "POST /api/flocks/:id/reflections": "member",
  "GET /api/reflections/:id": "member",
  "PATCH /api/reflections/:id": "member",
  "DELETE /api/reflections/:id": "member",
  "GET /api/reflections/:id/comments": "member",
  "POST /api/reflections/:id/comments": "member",
  "PATCH /api/reflection-comments/:id": "member",
  "DELETE /api/reflection-comments/:id": "member",
  "GET /api/gatherings": "member",
  "POST /api/gatherings": "member",
  "GET /api/gatherings/:room": "member",
  "POST /api/gatherings/:room/end": "member",
  "POST /api/gatherings/:room/livekit-token": "member",
  "POST /api/reports": "member",
  "GET /api/word/chapters/:translation/:book/:chapter": "public",
  "GET /api/word/passage": "public",
  "GET /api/word/search": "public",
  "GET /api/word/verse-of-the-day": "public",
  "GET /api/word/annotations": "member",
  "GET /api/word/annotations/all": "member",
  "PUT /api/word/highlights": "member",
  "DELETE /api/word/highlights": "member",
  "PUT /api/word/bookmarks": "member",
  "DELETE /api/word/bookmarks": "member",
  "POST /api/word/notes": "member",
  "PATCH /api/word/notes/:id": "member",
  "DELETE /api/word/notes/:id": "member",
  "GET /api/word/settings": "member",
  "PUT /api/word/settings": "member",
  "PUT /api/word/position": "member",
  "POST /api/word/audio": "member",
  "GET /api/path": "member",
  "GET /api/path/plans": "member",
  "GET /api/path/onboarding-plans": "member",
  "POST /api/path/custom-plans": "member",
  "GET /api/path/plans/:planId/generation": "member",
  "POST /api/path/plans/:planId/generation/retry": "member",
  "POST /api/path/builder": "member",
  "GET /api/path/builder/:planId": "member",
  "PUT /api/path/builder/:planId": "member",
  "POST /api/path/builder/:planId/publish": "member",
  "POST /api/path/builder/:planId/discard": "member",
  "DELETE /api/path/plans/:planId": "member",
  "POST /api/path/plans/:planId/together": "member",
  "GET /api/path/together": "member",
  "GET /api/path/together/:groupId": "member",
  "POST /api/path/together/:groupId/join": "member",
  "DELETE /api/path/together/:groupId/membership": "member",
  "GET /api/path/together/:groupId/days/:day/comments": "member",
  "POST /api/path/together/:groupId/days/:day/comments": "member",
  "PATCH /api/path/day-comments/:id": "member",
  "DELETE /api/path/day-comments/:id": "member",
  "GET /api/path/plans/:planId": "member",
  "POST /api/path/plans/:planId/follow": "member",
  "DELETE /api/path/plans/:planId/follow": "member",
  "POST /api/path/plans/:planId/:change": "member",
  "GET /api/path/plans/:planId/days/:day": "member",
  "POST /api/path/plans/:planId/days/:day/complete": "member",
  "DELETE /api/path/plans/:planId/days/:day/complete": "member",
  "POST /api/path/plans/:planId/days/:day/journal": "member",
  "POST /api/path/plans/:planId/days/:day/audio": "member",
  "GET /api/series": "member",
  "GET /api/series/mine": "member",
  "POST /api/series": "member",
  "POST /api/series/guides": "member",
  "GET /api/series/:seriesId": "member",
  "GET /api/series/:seriesId/edit": "member",
  "PUT /api/series/:seriesId": "member",
  "DELETE /api/series/:seriesId": "member",
  "PUT /api/series/:seriesId/follow": "member",
  "DELETE /api/series/:seriesId/follow": "member",
  "GET /api/series/sessions/:sessionId": "member",
  "PUT /api/series/sessions/:sessionId/completion": "member",
  "DELETE /api/series/sessions/:sessionId/completion": "member",
  "GET /api/series/sessions/:sessionId/comments": "member",
  "POST /api/series/sessions/:sessionId/comments": "member",
  "PATCH /api/series/session-comments/:id": "member",
  "DELETE /api/series/session-comments/:id": "member",
  "GET /api/support/requests": "member",
  "POST /api/support/requests": "member",
  "POST /api/support/requests/:id/messages": "member",
  "GET /api/admin/reports": "admin",
  "POST /api/admin/reports/:id/hide": "admin",
  "POST /api/admin/reports/:id/restore": "admin",
  "POST /api/admin/reports/:id/ban-author": "admin",
  "POST /api/admin/reports/:id/resolve": "admin",
  "GET /api/admin/dashboard": "admin",
  "GET /api/admin/users": "admin",
  "GET /api/admin/users/:id": "admin",
  "POST /api/admin/users/:id/role": "admin",
  "POST /api/admin/users/:id/ban": "admin",
  "POST /api/admin/users/:id/unban": "admin",
  "POST /api/admin/users/:id/reset-two-factor": "admin",
  "POST /api/admin/users/:id/password-reset": "admin",
  "GET /api/admin/health": "admin",
  "GET /api/admin/health/jobs/failed": "admin",
  "POST /api/admin/health/jobs/:id/retry": "admin",
  "GET /api/admin/health/errors": "admin",
  "GET /api/admin/subscriptions": "admin",
  "GET /api/admin/subscriptions/list": "admin",
  "GET /api/admin/subscriptions/events": "admin",
  "GET /api/admin/support": "admin",
  "GET /api/admin/support/:id": "admin",
  "POST /api/admin/support/:id/reply": "admin",
  "POST /api/admin/support/:id/status": "admin",
  "GET /api/admin/churn": "admin",
  "GET /api/admin/churn/inactive": "admin",
  "GET /api/admin/churn/cancellations": "admin",
  "GET /api/admin/features": "admin",
};

/** A path of the route's shape (a UUID, a day number, a room name...), so the route itself answers. */
function fill(path: string): string {
  return fillRoute(path, (name, pattern) => {
    if (pattern?.includes("[0-9]{1,3}")) return "1";
    if (pattern?.includes("[a-z0-9]{12,32}")) return "abcdefabcdef12";
    if (pattern?.includes("A-Za-z0-9_-]{8,64}")) return "abcdefgh12";
    if (pattern?.includes("pause|")) return "pause";
    if (pattern?.includes("avatars|pasture")) return "pasture";
    if (name === "translation") return "web";
    if (name === "book") return "JHN";
    if (name === "chapter") return "3";
    return crypto.randomUUID();
  });
}

let app: TestApp;
let member: TestClient;
let routes: ApiRoute[];

beforeAll(async () => {
  app = await startTestApp();
  member = app.client();
  await signUp(member);
  routes = apiRoutes(createApp(app.ctx));
});
afterAll(async () => {
  await app?.close();
});

const send = (client: TestClient, method: string, path: string) =>
  client.request(method, fill(path), method === "GET" ? {} : { json: {} });

describe("the route x role matrix", () => {
  test("every route has an entry, and every entry is a route", () => {
    const keys = routes.map((r) => r.key);
    expect(
      keys.filter((k) => !(k in ACCESS)),
      "routes without an entry in ACCESS: add one",
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((k) => !keys.includes(k)),
      "entries for routes that are gone",
    ).toEqual([]);
  });

  test("signed out: member and admin routes answer 401; public ones do not ask who is calling", async () => {
    for (const route of routes) {
      const answer = await send(app.client(), route.method, route.path);
      if (ACCESS[route.key] === "public") expect([401, 403], route.key).not.toContain(answer.status);
      else expect(answer.status, route.key).toBe(401);
    }
  });

  test("a member: admin routes answer 403", async () => {
    for (const route of routes.filter((r) => ACCESS[r.key] === "admin")) {
      expect((await send(member, route.method, route.path)).status, route.key).toBe(403);
    }
  });
});
