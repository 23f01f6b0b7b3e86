// The route x role matrix's columns that need rows (issue 19): route-matrix.test.ts walks the doors signed out and as a
// member; this walks every route whose path names rows, with rows one member made, as that member, as another member
// and as an admin. Long because it builds one of everything a member can own.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UPGRADE_BANNER_EXPERIMENT } from "@shepherd/shared";
import { createApp } from "../src/app";
import { schema } from "../src/db/client";
import { makePremium } from "./helpers/auth";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, flockOf, join, type Brother } from "./helpers/community";
import { brief, waitForPlan } from "./helpers/custom-plans";
import type { HttpResponse, Json, TestClient } from "./helpers/http-client";
import { apiRoutes, fillRoute, type ApiRoute } from "./helpers/routes";

/** Written into every private text the owner makes: no one else, admins included, may ever be answered with it. */
const PRIVATE = `private-${randomUUID().slice(0, 8)}`;

/** The rows a route's parameters can name, each made by the owner in beforeAll (see `makeRows`). */
type Rows =
  | "experiment"
  | "profile"
  | "artwork"
  | "checkout"
  | "notification"
  | "journal"
  | "insight"
  | "whisper"
  | "audio"
  | "post"
  | "reaction"
  | "postComment"
  | "flock"
  | "flockMate"
  | "invitationToAccept"
  | "invitationToDecline"
  | "membership"
  | "inviteCode"
  | "reflection"
  | "reflectionComment"
  | "gathering"
  | "note"
  | "customPlan"
  | "customPlanDay"
  | "draft"
  | "draftToDiscard"
  | "group"
  | "groupDay"
  | "dayComment"
  | "series"
  | "session"
  | "sessionComment"
  | "supportRequest"
  | "adminUser"
  | "adminExperiment"
  | "adminSupport";

interface Door {
  rows: Rows;
  /**
   * What another member gets: "refused" (403 or 404; the rows are the owner's, or his flock's or group's) or
   * "shared" (the route is for every member: a profile, a post and its comments, an invite code).
   */
  others: "refused" | "shared";
  /** Where an admin may go further than another member (only a devotional's artwork, which admins generate). */
  admin?: "allowed";
  /** A valid body, so that only who is asking can be the reason for a refusal. */
  body?: unknown;
  /**
   * The owner's call changes what other calls need, so it runs after all the others: 1 for what ends or leaves
   * something, 2 for deleting what other rows hang on (a plan, a series, a post, a reflection).
   */
  last?: 1 | 2;
}

const own = (rows: Rows, more: Omit<Door, "rows" | "others"> = {}): Door => ({ rows, others: "refused", ...more });
const shared = (rows: Rows, more: Omit<Door, "rows" | "others"> = {}): Door => ({ rows, others: "shared", ...more });
/** An admin route that names a member's rows: the admin's answer must not hold the member's private words. */
const adminReads = (rows: Rows): Door => ({ rows, others: "refused" });

const planDay = (n: number) => ({
  title: `Day ${n} in the light`,
  passages: ["Psalm 119:105"],
  references: [],
  reading: "Light shows the way home. Take one step in it today, and then the next one.",
  questions: ["Where do you need light today?"],
  challenge: "Turn off the screen an hour early and pray before sleep.",
  prayer: "Lord, be my light today and lead me home. Amen.",
});
const builderBody = {
  title: "Walking in the Light",
  promise: "Two days to walk in God's light at home",
  description: "A short plan for the dark weeks of winter.",
  theme: "prayer",
  minutes_per_day: 10,
  days: [planDay(1), planDay(2)],
};
const seriesBody = {
  title: "Slow to Speak",
  promise: "Two weeks on listening well.",
  description: `Our Tuesday group's series. ${PRIVATE}`,
  theme: "brotherhood",
  sessions: ["Quick to Hear", "Words That Build"].map((title) => ({
    title,
    passage: "James 1:19-20",
    teaching: "Listening is how love pays attention. James asks us to be quick to hear and slow to answer.",
    questions: [
      "Who did you last interrupt?",
      "What would change if you listened first?",
      "Where is God speaking?",
      "What will you do?",
    ],
    challenge: "Let one person finish every sentence this week.",
    prayer: "Lord, make me quick to hear and slow to speak. Amen.",
  })),
};

/**
 * Every route whose path names rows (a member route with a parameter, and the admin reads of one member), keyed as
 * route-matrix.test.ts keys them. A new route of either kind without an entry fails the first test.
 */
const DOORS: Record<string, Door> = {
  "GET /api/experiments/:name": shared("experiment"),
  "POST /api/experiments/:name/exposure": shared("experiment"),
  "GET /api/profiles/:userId": shared("profile"),
  "GET /api/files/:area/:owner/:name": own("artwork", { admin: "allowed" }),
  "GET /api/billing/test-checkout/:id": own("checkout"),
  "POST /api/billing/test-checkout/:id/complete": own("checkout"),
  "POST /api/billing/test-checkout/:id/cancel": own("checkout"),
  "POST /api/notifications/:id/read": own("notification"),
  "DELETE /api/notifications/:id": own("notification"),
  "GET /api/journal/:id": own("journal"),
  "PATCH /api/journal/:id": own("journal", { body: { content: `Edited, still mine. ${PRIVATE}` } }),
  "DELETE /api/journal/:id": own("journal"),
  "GET /api/insights/:id": own("insight"),
  "DELETE /api/insights/:id": own("insight"),
  "POST /api/whispers/:id/read": own("whisper"),
  "GET /api/audio/:owner/:file": own("audio"),
  "GET /api/pasture/posts/:id": shared("post"),
  "PATCH /api/pasture/posts/:id": own("post", { body: { body: "A good word, edited." } }),
  "DELETE /api/pasture/posts/:id": own("post", { last: 2 }),
  "PUT /api/pasture/posts/:id/reactions/:kind": shared("reaction"),
  "DELETE /api/pasture/posts/:id/reactions/:kind": shared("reaction"),
  "GET /api/pasture/posts/:id/comments": shared("post"),
  "POST /api/pasture/posts/:id/comments": shared("post", { body: { body: "Amen, brother." } }),
  "PATCH /api/pasture/comments/:id": own("postComment", { body: { body: "Edited comment." } }),
  "DELETE /api/pasture/comments/:id": own("postComment"),
  "GET /api/flocks/:id": own("flock"),
  "PATCH /api/flocks/:id": own("flock", { body: { name: "Tuesday Men at Dawn" } }),
  "POST /api/flocks/:id/invitations": own("flock", { body: { username: "" } }),
  "POST /api/flocks/:id/accept": own("invitationToAccept"),
  "POST /api/flocks/:id/decline": own("invitationToDecline"),
  "POST /api/flocks/:id/leave": own("membership", { last: 1 }),
  "POST /api/flocks/:id/invite-code": own("flock"),
  "DELETE /api/flocks/:id/members/:memberId": own("flockMate", { last: 1 }),
  "GET /api/flock-invites/:code": shared("inviteCode"),
  "POST /api/flock-invites/:code/accept": shared("inviteCode"),
  "GET /api/flocks/:id/reflections": own("flock"),
  "POST /api/flocks/:id/reflections": own("flock", { body: { body: "A reflection for the flock." } }),
  "GET /api/reflections/:id": own("reflection"),
  "PATCH /api/reflections/:id": own("reflection", { body: { body: `Second thought. ${PRIVATE}` } }),
  "DELETE /api/reflections/:id": own("reflection", { last: 2 }),
  "GET /api/reflections/:id/comments": own("reflection"),
  "POST /api/reflections/:id/comments": own("reflection", { body: { body: "Praying, brother." } }),
  "PATCH /api/reflection-comments/:id": own("reflectionComment", { body: { body: `Edited. ${PRIVATE}` } }),
  "DELETE /api/reflection-comments/:id": own("reflectionComment"),
  "GET /api/gatherings/:room": own("gathering"),
  "POST /api/gatherings/:room/end": own("gathering", { last: 1 }),
  "POST /api/gatherings/:room/livekit-token": own("gathering"),
  "PATCH /api/word/notes/:id": own("note", { body: { content: `Called Mark. ${PRIVATE}` } }),
  "DELETE /api/word/notes/:id": own("note"),
  "GET /api/path/plans/:planId/generation": own("customPlan"),
  "POST /api/path/plans/:planId/generation/retry": own("customPlan"),
  "GET /api/path/builder/:planId": own("draft"),
  "PUT /api/path/builder/:planId": own("draft", { body: builderBody }),
  "POST /api/path/builder/:planId/publish": own("draft"),
  "POST /api/path/builder/:planId/discard": own("draftToDiscard"),
  "DELETE /api/path/plans/:planId": own("customPlan", { last: 2 }),
  "POST /api/path/plans/:planId/together": own("customPlan", { body: { flock_id: "" } }),
  "GET /api/path/together/:groupId": own("group"),
  "POST /api/path/together/:groupId/join": own("group"),
  "DELETE /api/path/together/:groupId/membership": own("group", { last: 1 }),
  "GET /api/path/together/:groupId/days/:day/comments": own("groupDay"),
  "POST /api/path/together/:groupId/days/:day/comments": own("groupDay", { body: { body: "That challenge was hard." } }),
  "PATCH /api/path/day-comments/:id": own("dayComment", { body: { body: `Edited. ${PRIVATE}` } }),
  "DELETE /api/path/day-comments/:id": own("dayComment"),
  "GET /api/path/plans/:planId": own("customPlan"),
  "POST /api/path/plans/:planId/follow": own("customPlan", { body: {} }),
  "DELETE /api/path/plans/:planId/follow": own("customPlan", { last: 1 }),
  "POST /api/path/plans/:planId/:change": own("customPlan", { body: {}, last: 1 }),
  "GET /api/path/plans/:planId/days/:day": own("customPlanDay"),
  "POST /api/path/plans/:planId/days/:day/complete": own("customPlanDay"),
  "DELETE /api/path/plans/:planId/days/:day/complete": own("customPlanDay"),
  "POST /api/path/plans/:planId/days/:day/journal": own("customPlanDay", {
    body: { content: `What the first day asked of me, written down at length. ${PRIVATE}` },
  }),
  "POST /api/path/plans/:planId/days/:day/audio": own("customPlanDay"),
  "GET /api/series/:seriesId": own("series"),
  "GET /api/series/:seriesId/edit": own("series"),
  "PUT /api/series/:seriesId": own("series"),
  "DELETE /api/series/:seriesId": own("series", { last: 2 }),
  "PUT /api/series/:seriesId/follow": own("series"),
  "DELETE /api/series/:seriesId/follow": own("series"),
  "GET /api/series/sessions/:sessionId": own("session"),
  "PUT /api/series/sessions/:sessionId/completion": own("session"),
  "DELETE /api/series/sessions/:sessionId/completion": own("session"),
  "GET /api/series/sessions/:sessionId/comments": own("session"),
  "POST /api/series/sessions/:sessionId/comments": own("session", { body: { body: "Notes for Tuesday." } }),
  "PATCH /api/series/session-comments/:id": own("sessionComment", { body: { body: `Edited. ${PRIVATE}` } }),
  "DELETE /api/series/session-comments/:id": own("sessionComment"),
  "POST /api/support/requests/:id/messages": own("supportRequest", { body: { body: "It plays now, thank you." } }),
  "GET /api/admin/experiments/:id": adminReads("adminExperiment"),
  "GET /api/admin/users/:id": adminReads("adminUser"),
  "GET /api/admin/support/:id": adminReads("adminSupport"),
};

let app: TestApp;
let routes: ApiRoute[];
let owner: Brother;
let stranger: Brother;
let admin: Brother;
let ownerEmail: string;
let seriesEdit: unknown;
/** Each kind of rows' path parameters, by name. */
const params = {} as Record<Rows, Record<string, string>>;

function expectCreated(res: HttpResponse, what: string): Json {
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
  return res.json();
}

/** One of everything the owner can have, with its neighbours: a flock mate, a host who invites him, a mentioner. */
async function makeRows(): Promise<void> {
  const mate = await brother(app, "Mate");
  const host = await brother(app, "Host");
  const c = owner.client;
  const made = (path: string, body: unknown = {}) => c.post(path, body).then((res) => expectCreated(res, path));

  // Before he is Premium: a checkout of his own.
  const checkout = await made("/api/subscription/checkout", { plan: "premium_monthly" });
  params.checkout = { id: String(checkout.url).split("/").pop()! };
  for (const who of [owner, host]) await makePremium(app.db, who.id);

  params.experiment = { name: UPGRADE_BANNER_EXPERIMENT.name };
  params.profile = { userId: owner.id };
  const devotional = (await c.get("/api/today")).json().devotional;
  const artwork = `${devotional.id}-${randomUUID()}.png`;
  await app.ctx.storage.put(`devotionals/${owner.id}/${artwork}`, new Uint8Array([137, 80, 78, 71]), "image/png");
  params.artwork = { area: "devotionals", owner: owner.id, name: artwork };
  const audio = "daily-devotional-1-0123456789abcdef.mp3";
  await app.ctx.storage.put(`audio/${owner.id}/${audio}`, new Uint8Array(64), "audio/mpeg");
  params.audio = { owner: owner.id, file: audio };

  params.journal = { id: (await made("/api/journal", { content: `What I did not say to her. ${PRIVATE}` })).entry.id };
  expectCreated(await c.put("/api/checkins/today", { mood: "good", notes: `A hard morning. ${PRIVATE}` }), "check-in");
  params.note = {
    id: (await made("/api/word/notes", { book: "Eph", chapter: 5, verses: [25], content: `For her. ${PRIVATE}` })).id,
  };
  params.insight = { id: (await made("/api/insights", { period: "week" })).insight.id };
  params.whisper = {
    id: (
      await made("/api/functions/generate-encouragement", {
        triggerType: "victory",
        contextData: { journalLength: 120, devotionalTitle: devotional.title },
      })
    ).whisper.id,
  };
  params.supportRequest = {
    id: (await made("/api/support/requests", { subject: "Audio will not play", body: "The Listen button spins." })).id,
  };
  params.adminSupport = params.supportRequest;
  params.adminUser = { id: owner.id };

  const post = await made("/api/pasture/posts", { body: "A good word for the morning." });
  params.post = { id: post.id };
  params.reaction = { id: post.id, kind: "praying" };
  params.postComment = { id: (await made(`/api/pasture/posts/${post.id}/comments`, { body: "And a comment." })).id };
  expectCreated(await host.client.post("/api/pasture/posts", { body: `Hello @${owner.username}` }), "mention");
  params.notification = { id: (await c.get("/api/notifications")).json().items[0].id };

  const flock = await flockOf(owner);
  await join(owner, flock.id, mate);
  params.flock = { id: flock.id };
  params.flockMate = { id: flock.id, memberId: mate.id };
  params.inviteCode = { code: (await flockOf(owner, "Open Door")).invite_code };
  for (const rows of ["invitationToAccept", "invitationToDecline", "membership"] as const) {
    const theirs = await flockOf(host, `Host's ${rows}`);
    if (rows === "membership") await join(host, theirs.id, owner);
    else expectCreated(await host.client.post(`/api/flocks/${theirs.id}/invitations`, { username: owner.username }), rows);
    params[rows] = { id: theirs.id };
  }
  const reflection = await made(`/api/flocks/${flock.id}/reflections`, { body: `For the flock only. ${PRIVATE}` });
  params.reflection = { id: reflection.id };
  params.reflectionComment = {
    id: (await made(`/api/reflections/${reflection.id}/comments`, { body: `Between us. ${PRIVATE}` })).id,
  };
  params.gathering = {
    room: (await made("/api/gatherings", { flock_id: flock.id, title: "Psalms at dawn", time_zone: "UTC" })).room_name,
  };

  const plan = await made("/api/path/custom-plans", brief({ days: 3, goal: `Be patient at home. ${PRIVATE}` }));
  expect((await waitForPlan(c, plan.plan_id)).status).toBe("ready");
  params.customPlan = { planId: plan.plan_id };
  params.customPlanDay = { planId: plan.plan_id, day: "1" };
  params.draft = { planId: (await made("/api/path/builder", { from: "scratch" })).id };
  params.draftToDiscard = { planId: (await made("/api/path/builder", { from: "scratch" })).id };
  const group = await made(`/api/path/plans/${plan.plan_id}/together`, { flock_id: flock.id });
  params.group = { groupId: group.id };
  params.groupDay = { groupId: group.id, day: "1" };
  params.dayComment = {
    id: (await made(`/api/path/together/${group.id}/days/1/comments`, { body: `Day one was hard. ${PRIVATE}` })).id,
  };

  const series = await made("/api/series", seriesBody);
  params.series = { seriesId: series.id };
  const sessionId = (await c.get(`/api/series/${series.id}`)).json().sessions[0].id;
  // An edit sends the sessions back with their ids (as the editor does), so they keep them.
  seriesEdit = { ...seriesBody, sessions: (await c.get(`/api/series/${series.id}/edit`)).json().sessions };
  params.session = { sessionId };
  params.sessionComment = {
    id: (await made(`/api/series/sessions/${sessionId}/comments`, { body: `Tuesday notes. ${PRIVATE}` })).id,
  };
  const experiment = await admin.client.post("/api/admin/experiments", {
    name: UPGRADE_BANNER_EXPERIMENT.name,
    variants: [
      { name: UPGRADE_BANNER_EXPERIMENT.control, weight: 50 },
      { name: UPGRADE_BANNER_EXPERIMENT.variant, weight: 50 },
    ],
    conversion_event: "checkout_start",
  });
  params.adminExperiment = { id: expectCreated(experiment, "experiment").id };
}

/** A door's path, filled with its rows; bodies that name more of the owner's rows get them here. */
function call(client: TestClient, route: ApiRoute, door: Door): Promise<HttpResponse> {
  const values = params[door.rows];
  const path = fillRoute(route.path, (name) => {
    if (name === "change") return "pause";
    const value = values[name];
    if (value === undefined) throw new Error(`${route.key}: the rows "${door.rows}" have no "${name}"`);
    return value;
  });
  let body = door.body;
  if (route.key === "POST /api/flocks/:id/invitations") body = { username: stranger.username };
  if (route.key === "POST /api/path/plans/:planId/together") body = { flock_id: params.flock.id };
  if (route.key === "PUT /api/series/:seriesId") body = seriesEdit;
  return client.request(route.method, path, route.method === "GET" ? {} : { json: body ?? {} });
}

/** The doors in the order the owner may walk them: reads, then writes, then deletions, then what ends things. */
function doors(filter: (door: Door, route: ApiRoute) => boolean = () => true): Array<[ApiRoute, Door]> {
  const rank = (route: ApiRoute, door: Door) =>
    (door.last ?? 0) * 3 + (route.method === "GET" ? 0 : route.method === "DELETE" ? 2 : 1);
  return routes
    .filter((r) => r.key in DOORS && filter(DOORS[r.key]!, r))
    .map((r): [ApiRoute, Door] => [r, DOORS[r.key]!])
    .sort(([ra, da], [rb, db]) => rank(ra, da) - rank(rb, db));
}

const isAdminRoute = (route: ApiRoute) => route.path.startsWith("/api/admin/");

beforeAll(async () => {
  // LiveKit configured (tokens are minted locally; nothing connects to it), so its token route is a door too.
  app = await startTestApp({
    env: {
      LIVEKIT_URL: "wss://livekit.example.com",
      LIVEKIT_API_KEY: "APIowners",
      LIVEKIT_API_SECRET: "a-livekit-secret-long-enough-0123456789abcdef",
    },
  });
  routes = apiRoutes(createApp(app.ctx));
  owner = await brother(app, "Owner");
  stranger = await brother(app, "Stranger");
  admin = await brother(app, "Admin");
  await app.db.update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, admin.id));
  await app.ctx.sessions.sync();
  ownerEmail = (await owner.client.get("/api/me")).json().user.email;
  await makeRows();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("the route x role matrix, with rows: the owner, another member, an admin", () => {
  test("every route whose path names rows has an entry, and every entry is such a route", () => {
    const namesRows = (r: ApiRoute) =>
      r.path.includes(":") && (isAdminRoute(r) ? r.method === "GET" && r.key.includes(":id") : true);
    const needed = routes.filter((r) => namesRows(r) && r.key !== "GET /api/word/chapters/:translation/:book/:chapter");
    expect(
      needed.map((r) => r.key).filter((k) => !(k in DOORS)),
      "routes without an entry in DOORS: add one",
    ).toEqual([]);
    expect(
      Object.keys(DOORS).filter((k) => !routes.some((r) => r.key === k)),
      "entries for routes that are gone",
    ).toEqual([]);
  });

  test("another member is refused the owner's rows (403 or 404) and let in where the route is for everyone", async () => {
    for (const [route, door] of doors((_d, r) => !isAdminRoute(r))) {
      const answer = await call(stranger.client, route, door);
      expect(answer.status, `${route.key}: ${answer.text}`).toBeLessThan(500);
      if (door.others === "refused") expect([403, 404], `${route.key}: ${answer.text}`).toContain(answer.status);
      else expect([401, 403, 404], `${route.key}: ${answer.text}`).not.toContain(answer.status);
      expect(answer.text, route.key).not.toContain(PRIVATE);
      expect(answer.text, route.key).not.toContain(ownerEmail);
    }
  });

  test("an admin is another member on members' routes: no door into private words", async () => {
    for (const [route, door] of doors((_d, r) => !isAdminRoute(r))) {
      const answer = await call(admin.client, route, door);
      expect(answer.status, `${route.key}: ${answer.text}`).toBeLessThan(500);
      if (door.others === "refused" && door.admin !== "allowed") {
        expect([403, 404], `${route.key}: ${answer.text}`).toContain(answer.status);
      } else {
        expect([401, 403, 404], `${route.key}: ${answer.text}`).not.toContain(answer.status);
      }
      expect(answer.text, route.key).not.toContain(PRIVATE);
    }
  });

  test("the refused writes changed nothing: the owner's private words are as he wrote them", async () => {
    const entry = (await owner.client.get(`/api/journal/${params.journal.id}`)).json();
    expect(entry.content).toBe(`What I did not say to her. ${PRIVATE}`);
    const reflection = (await owner.client.get(`/api/reflections/${params.reflection.id}`)).json();
    expect(reflection.body).toBe(`For the flock only. ${PRIVATE}`);
    const flock = (await owner.client.get(`/api/flocks/${params.flock.id}`)).json();
    expect(flock.name).toBe("Tuesday Men");
  });

  test("no read answers another member with the owner's private words or email, nor an admin with his private words", async () => {
    const reads = routes.filter((r) => r.method === "GET" && r.key !== "GET /api/realtime");
    for (const route of reads) {
      const door = DOORS[route.key];
      for (const [who, client] of [
        ["another member", stranger.client],
        ["an admin", admin.client],
      ] as const) {
        if (isAdminRoute(route) && who !== "an admin") continue;
        const path = fillRoute(route.path, (name) => ({ translation: "web", book: "JHN", chapter: "3" })[name] ?? "");
        const answer = door ? await call(client, route, door) : await client.get(`${path}?q=Owner`);
        expect(answer.status, `${route.key} as ${who}: ${answer.text}`).toBeLessThan(500);
        expect(answer.text, `${route.key} as ${who}`).not.toContain(PRIVATE);
        if (who === "another member") expect(answer.text, route.key).not.toContain(ownerEmail);
      }
    }
  });

  test("the owner: every door opens (it does what he asked, or says why not in his rows' state: 409)", async () => {
    for (const [route, door] of doors((_d, r) => !isAdminRoute(r))) {
      const answer = await call(owner.client, route, door);
      if (answer.status !== 409) expect(answer.status, `${route.key}: ${answer.text}`).toBeLessThan(400);
    }
  });
});
