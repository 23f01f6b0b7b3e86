import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { TokenVerifier } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GATHERING_CHAT_BURST, GATHERING_SOCKET_BURST, ROOM_CLOSE, type GatheringSummary } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { sweepEndedLogs } from "../src/modules/gatherings/service";
import { makePremium } from "./helpers/auth";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, flockOf, join, type Brother } from "./helpers/community";
import { TestClient } from "./helpers/http-client";
import { openRoomSocket, type RoomSocket } from "./helpers/room-socket";

/**
 * Gatherings (issue 16): scheduling over HTTP, and the room's signaling WebSocket on the same server and port, across
 * two server processes on one database. Every wait is bounded and names what it waited for.
 */

const secret = randomBytes(32).toString("base64url");
let app: TestApp;
let second: TestApp;
const sockets: RoomSocket[] = [];

async function premium(person: Brother): Promise<Brother> {
  await makePremium(app.db, person.id);
  return person;
}

/** A Premium host, two brothers in his flock, and a stranger outside it. */
async function flockWithHost() {
  const host = await premium(await brother(app, "Hosea"));
  const andrew = await brother(app, "Andrew");
  const barnabas = await brother(app, "Barnabas");
  const stranger = await brother(app, "Stranger");
  const flock = await flockOf(host, "Thursday Men");
  await join(host, flock.id, andrew);
  await join(host, flock.id, barnabas);
  return { host, andrew, barnabas, stranger, flock };
}

async function startNow(host: Brother, flockId: string, title = "Thursday prayer"): Promise<GatheringSummary> {
  const res = await host.client.post("/api/gatherings", { flock_id: flockId, title, time_zone: "America/Chicago" });
  expect(res.status, res.text).toBe(201);
  return res.json();
}

async function enter(target: TestApp, person: Brother, room: string): Promise<{ socket: RoomSocket; you: string }> {
  const socket = await openRoomSocket(target.url, room, { cookie: person.client.cookieHeader() });
  sockets.push(socket);
  socket.send({ type: "join", muted: false, camera_off: false });
  const welcome = await socket.next("welcome", `${person.name}'s welcome`);
  return { socket, you: welcome.you };
}

async function refusal(promise: Promise<unknown>): Promise<{ status?: number; body?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { status?: number; body?: string };
  }
  throw new Error("the socket opened");
}

beforeAll(async () => {
  app = await startTestApp({ env: { BETTER_AUTH_SECRET: secret } });
  // A second server process on the same database, as behind a load balancer.
  second = await startTestApp({ database: app.database, env: { BETTER_AUTH_SECRET: secret } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await second?.close();
  await app?.close();
});

describe("scheduling a gathering", () => {
  test("a Premium member schedules one for his flock; its members hear of it in their own time zone; a free one may not host", async () => {
    const { host, andrew, flock } = await flockWithHost();
    expect((await andrew.client.put("/api/profile/time-zone", { time_zone: "Europe/London" })).status).toBe(200);
    const startsAt = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    startsAt.setUTCHours(1, 30, 0, 0);
    const res = await host.client.post("/api/gatherings", {
      flock_id: flock.id,
      title: "Psalms at dawn",
      starts_at: startsAt.toISOString(),
      time_zone: "America/Chicago",
    });
    expect(res.status, res.text).toBe(201);
    const gathering = res.json() as GatheringSummary;
    expect(gathering).toMatchObject({ title: "Psalms at dawn", status: "scheduled", time_zone: "America/Chicago" });
    expect(gathering.room_name).toMatch(/^[a-z0-9]{12,32}$/);

    const list = (await andrew.client.get(`/api/gatherings?flock=${flock.id}`)).json();
    expect(list.can_host).toBe(false);
    expect(list.items.map((g: GatheringSummary) => g.room_name)).toContain(gathering.room_name);

    const bell = (await andrew.client.get("/api/notifications")).json();
    const notice = bell.items.find((n: { type: string }) => n.type === "gathering_scheduled");
    expect(notice.link).toBe(`/pasture/gathering/${gathering.room_name}/join`);
    expect(notice.mentioner.id).toBe(host.id);
    // 01:30 UTC is in the small hours in London (GMT in winter, BST in summer): his own clock, not the host's.
    expect(notice.content).toMatch(/^Psalms at dawn: .* at [12]:30 AM \((GMT|BST|GMT\+1)\)$/);
    expect((await host.client.get("/api/notifications")).json().items).toEqual([]);

    const free = await andrew.client.post("/api/gatherings", { flock_id: flock.id, title: "Mine", time_zone: "UTC" });
    expect(free.status).toBe(403);
    expect(free.json().error).toMatchObject({
      code: "PREMIUM_REQUIRED",
      message: "This feature is only available for Premium members...",
    });
  });

  test("bad input is a 4xx a person can act on; another flock's gatherings are not his", async () => {
    const { host, stranger, flock } = await flockWithHost();
    const post = (body: Record<string, unknown>) => host.client.post("/api/gatherings", body);
    const base = { flock_id: flock.id, title: "Psalms", time_zone: "UTC" };
    expect((await post({ ...base, title: "A\u0000B" })).json().error.message).toMatch(/NUL/);
    expect((await post({ ...base, time_zone: "Mars/Olympus" })).status).toBe(400);
    expect((await post({ ...base, starts_at: "2020-01-01T00:00:00Z" })).json().error.message).toMatch(/passed/);
    expect((await post({ ...base, flock_id: "nope" })).status).toBe(400);
    expect((await post({ ...base, series_session_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await stranger.client.post("/api/gatherings", base)).status).toBe(404);
    expect((await stranger.client.get(`/api/gatherings?flock=${flock.id}`)).status).toBe(404);
    expect((await host.client.get("/api/gatherings?flock=x")).status).toBe(400);
    expect((await app.client().get("/api/gatherings")).status).toBe(401);
  });

  test("the room's page: a member reads it, a stranger 403, signed out 401, an unknown room 404", async () => {
    const { host, andrew, stranger, flock } = await flockWithHost();
    const gathering = await startNow(host, flock.id);
    const detail = await andrew.client.get(`/api/gatherings/${gathering.room_name}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json()).toMatchObject({
      status: "live",
      is_host: false,
      inside: [],
      capacity: 6,
      media: "mesh",
      ice_servers: [],
    });
    expect((await stranger.client.get(`/api/gatherings/${gathering.room_name}`)).status).toBe(403);
    expect((await app.client().get(`/api/gatherings/${gathering.room_name}`)).status).toBe(401);
    expect((await andrew.client.get("/api/gatherings/zzzzzzzzzzzzzzzz")).status).toBe(404);
    expect((await andrew.client.get("/api/gatherings/NOT-A-ROOM")).status).toBe(404);
    expect((await andrew.client.post(`/api/gatherings/${gathering.room_name}/livekit-token`)).status).toBe(404);
  });
});

describe("the signaling socket", () => {
  test("signed out 401, a stranger 403, an unknown room 404, another site's page 403: all refused at the upgrade", async () => {
    const { host, stranger, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id);
    expect((await refusal(openRoomSocket(app.url, room))).status).toBe(401);
    const refused = await refusal(openRoomSocket(app.url, room, { cookie: stranger.client.cookieHeader() }));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body!).error.code).toBe("FORBIDDEN");
    expect((await refusal(openRoomSocket(app.url, "zzzzzzzzzzzzzzzz", { cookie: host.client.cookieHeader() }))).status).toBe(404);
    const foreign = { cookie: host.client.cookieHeader(), origin: "https://evil.example" };
    expect((await refusal(openRoomSocket(app.url, room, foreign))).status).toBe(403);
  });

  test("join, offers, answers and candidates relayed to the right peer, chat, hand, leave, and the host ends it for all", async () => {
    const { host, andrew, barnabas, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id);
    const h = await enter(app, host, room);
    const a = await enter(app, andrew, room);
    expect((await h.socket.next("joined", "Andrew joining")).participant).toMatchObject({ peer: a.you, user_id: andrew.id });
    const b = await enter(app, barnabas, room);
    const welcome = b.socket.received.find((m) => m.type === "welcome")!;
    expect(welcome).toMatchObject({ host_id: host.id });
    expect((welcome as { participants: Array<{ peer: string }> }).participants.map((p) => p.peer)).toEqual([h.you, a.you, b.you]);

    // The newcomer offers to each one inside; each answers him alone; candidates follow the same way.
    b.socket.send({ type: "signal", to: a.you, kind: "offer", data: { type: "offer", sdp: "v=0 offer-to-a" } });
    b.socket.send({ type: "signal", to: h.you, kind: "offer", data: { type: "offer", sdp: "v=0 offer-to-h" } });
    expect(await a.socket.next("signal", "the offer at A")).toEqual({
      type: "signal",
      from: b.you,
      kind: "offer",
      data: { type: "offer", sdp: "v=0 offer-to-a" },
    });
    expect((await h.socket.next("signal", "the offer at H")).data).toEqual({ type: "offer", sdp: "v=0 offer-to-h" });
    a.socket.send({ type: "signal", to: b.you, kind: "answer", data: { type: "answer", sdp: "v=0 answer" } });
    a.socket.send({
      type: "signal",
      to: b.you,
      kind: "candidate",
      data: { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host" },
    });
    expect(await b.socket.next("signal", "A's answer at B")).toMatchObject({ from: a.you, kind: "answer" });
    expect(await b.socket.next("signal", "A's candidate at B")).toMatchObject({ from: a.you, kind: "candidate" });
    // Nobody hears what was not for him.
    expect(h.socket.received.filter((m) => m.type === "signal")).toHaveLength(1);

    // An offer larger than NOTIFY's 8000 bytes arrives whole.
    const big = `v=0\n${"a=candidate:x 1 udp 2122260223 192.0.2.1 54400 typ host generation 0\n".repeat(200)}`;
    expect(big.length).toBeGreaterThan(8000);
    h.socket.send({ type: "signal", to: a.you, kind: "offer", data: { type: "offer", sdp: big } });
    expect(((await a.socket.next("signal", "the large offer")).data as { sdp: string }).sdp).toBe(big);

    a.socket.send({ type: "chat", text: "  Grace and peace  " });
    for (const s of [h, a, b])
      expect((await s.socket.next("chat", "the chat line")).message).toMatchObject({
        text: "Grace and peace",
        user_id: andrew.id,
      });
    a.socket.send({ type: "chat", text: "x\u0000" });
    expect((await a.socket.next("error", "the NUL refusal")).message).toMatch(/NUL/);
    b.socket.send({ type: "state", hand: true });
    expect(await h.socket.next("state", "B's raised hand")).toMatchObject({ peer: b.you, hand: true });

    // Who is inside, as the pre-join screen reads it.
    const inside = (await barnabas.client.get(`/api/gatherings/${room}`)).json().inside;
    expect(inside.map((p: { user_id: string }) => p.user_id).sort()).toEqual([host.id, andrew.id, barnabas.id].sort());

    a.socket.send({ type: "leave" });
    expect(await h.socket.next("left", "A leaving")).toEqual({ type: "left", peer: a.you, reason: "left" });
    expect(await b.socket.next("left", "A leaving, at B")).toEqual({ type: "left", peer: a.you, reason: "left" });

    b.socket.send({ type: "end" });
    expect((await b.socket.next("error", "B may not end it")).code).toBe("not-host");
    h.socket.send({ type: "end" });
    await b.socket.next("ended", "the end at B");
    expect((await b.socket.closed).code).toBe(ROOM_CLOSE.ended);
    expect((await h.socket.closed).code).toBe(ROOM_CLOSE.ended);
    expect((await barnabas.client.get(`/api/gatherings/${room}`)).json().status).toBe("ended");
    expect((await refusal(openRoomSocket(app.url, room, { cookie: barnabas.client.cookieHeader() }))).status).toBe(410);
  });

  test("the host mutes a brother (his browser is asked) and removes another, who cannot come back", async () => {
    const { host, andrew, barnabas, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id);
    const h = await enter(app, host, room);
    const a = await enter(app, andrew, room);
    const b = await enter(app, barnabas, room);
    a.socket.send({ type: "mute", peer: b.you });
    expect((await a.socket.next("error", "A may not mute")).code).toBe("not-host");
    h.socket.send({ type: "mute", peer: b.you });
    expect(await b.socket.next("mute-request", "the mute request")).toEqual({ type: "mute-request", by: h.you });
    h.socket.send({ type: "remove", peer: a.you });
    await a.socket.next("removed", "A's removal");
    expect((await a.socket.closed).code).toBe(ROOM_CLOSE.removed);
    expect(await b.socket.next("left", "A's removal at B")).toEqual({ type: "left", peer: a.you, reason: "removed" });
    const again = await openRoomSocket(app.url, room, { cookie: andrew.client.cookieHeader() });
    sockets.push(again);
    again.send({ type: "join", muted: true, camera_off: true });
    expect((await again.next("error", "the refusal of a removed brother")).code).toBe("removed");
    expect((await again.closed).code).toBe(ROOM_CLOSE.removed);
  });

  test("two server processes share a room: brothers on different processes meet, signal, chat and see each other go", async () => {
    const { host, andrew, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id);
    const h = await enter(app, host, room);
    const a = await enter(second, andrew, room);
    expect((await h.socket.next("joined", "A joining through the second process")).participant.user_id).toBe(andrew.id);
    a.socket.send({ type: "signal", to: h.you, kind: "offer", data: { type: "offer", sdp: "v=0 across" } });
    expect(await h.socket.next("signal", "the offer across processes")).toMatchObject({
      from: a.you,
      data: { sdp: "v=0 across" },
    });
    h.socket.send({ type: "signal", to: a.you, kind: "answer", data: { type: "answer", sdp: "v=0 back" } });
    expect(await a.socket.next("signal", "the answer back")).toMatchObject({ from: h.you, kind: "answer" });
    h.socket.send({ type: "chat", text: "Can you hear me?" });
    expect((await a.socket.next("chat", "chat across")).message.text).toBe("Can you hear me?");
    a.socket.close();
    await a.socket.closed;
    expect(await h.socket.next("left", "A's socket closing on the second process")).toMatchObject({
      peer: a.you,
      reason: "left",
    });
    expect(second.ctx.gatherings.connections()).toBe(0);
  });
});

describe("what a socket may send", () => {
  test("chat past its pace is refused with words he can act on, and the room hears only what passed", async () => {
    const { host, andrew, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id, "Chat pace");
    const h = await enter(app, host, room);
    const a = await enter(app, andrew, room);
    for (let i = 0; i < GATHERING_CHAT_BURST + 5; i++) h.socket.send({ type: "chat", text: `line ${i}` });
    const refusal = await h.socket.next("error", "the refusal of a line too many");
    expect(refusal).toMatchObject({ code: "slow-down", message: "You are sending messages too fast. Wait a moment." });
    await a.socket.next("chat", "the first line");
    h.socket.send({ type: "state", hand: true });
    await a.socket.next("state", "his raised hand, after the lines");
    const lines = a.socket.received.filter((m) => m.type === "chat");
    expect(lines.length).toBeGreaterThanOrEqual(GATHERING_CHAT_BURST);
    expect(lines.length).toBeLessThan(GATHERING_CHAT_BURST + 5);
  });

  test("a socket that floods is told to slow down, then closed as a policy violation; the room goes on", async () => {
    const { host, andrew, flock } = await flockWithHost();
    const { room_name: room } = await startNow(host, flock.id, "Flood");
    const h = await enter(app, host, room);
    const a = await enter(app, andrew, room);
    for (let i = 0; i < GATHERING_SOCKET_BURST + 600; i++) a.socket.send({ type: "state", hand: i % 2 === 0 });
    expect(await a.socket.next("error", "the first refusal")).toMatchObject({ code: "slow-down" });
    const closed = await Promise.race([
      a.socket.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open after 10 s"), 10_000)),
    ]);
    expect(closed).toMatchObject({ code: 1008, reason: "too many messages" });
    expect(await h.socket.next("left", "the flooder's socket closing")).toMatchObject({ peer: a.you });
    h.socket.send({ type: "chat", text: "Still here." });
    expect((await h.socket.next("chat", "the host's line after the flood")).message.text).toBe("Still here.");
  });
});

describe("the room's log", () => {
  test("the chat and signaling of a gathering ended an hour ago are deleted; a recent one keeps its log", async () => {
    const { host, andrew, flock } = await flockWithHost();
    const rooms = [await startNow(host, flock.id, "Long ago"), await startNow(host, flock.id, "Just now")];
    for (const { room_name: room } of rooms) {
      const h = await enter(app, host, room);
      const a = await enter(app, andrew, room);
      h.socket.send({ type: "chat", text: "Amen." });
      await a.socket.next("chat", "a line in the room");
      expect((await host.client.post(`/api/gatherings/${room}/end`)).status).toBe(200);
    }
    const [old, recent] = rooms.map((r) => r.id);
    await app.db
      .update(schema.gatherings)
      .set({ endedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(schema.gatherings.id, old!));
    const events = async (id: string) =>
      (await app.db.select().from(schema.gatheringEvents).where(eq(schema.gatheringEvents.gatheringId, id))).length;
    expect(await events(old!)).toBeGreaterThan(0);

    await sweepEndedLogs(app.db);
    expect(await events(old!)).toBe(0);
    expect(await events(recent!)).toBeGreaterThan(0);
  });
});

describe("LiveKit", () => {
  test("with LiveKit configured, the room says so and a member gets a token for it (the host as its admin); a stranger does not", async () => {
    const apiKey = "APIbench";
    const apiSecret = "a-livekit-secret-long-enough-0123456789abcdef";
    const livekit = await startTestApp({
      database: app.database,
      env: {
        BETTER_AUTH_SECRET: secret,
        LIVEKIT_URL: "wss://livekit.example.com",
        LIVEKIT_API_KEY: apiKey,
        LIVEKIT_API_SECRET: apiSecret,
      },
    });
    try {
      const { host, andrew, stranger, flock } = await flockWithHost();
      const { room_name: room } = await startNow(host, flock.id);
      // The same session, on the LiveKit-configured process.
      const as = (person: Brother) => {
        const client = new TestClient(livekit.url);
        for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
        return client;
      };
      expect((await as(andrew).get(`/api/gatherings/${room}`)).json().media).toBe("livekit");
      const minted = await as(andrew).post(`/api/gatherings/${room}/livekit-token`);
      expect(minted.status, minted.text).toBe(200);
      expect(minted.json().url).toBe("wss://livekit.example.com");
      const claims = await new TokenVerifier(apiKey, apiSecret).verify(minted.json().token);
      expect(claims).toMatchObject({ sub: andrew.id, video: { room, roomJoin: true, roomAdmin: false } });
      const hosted = await new TokenVerifier(apiKey, apiSecret).verify(
        (await as(host).post(`/api/gatherings/${room}/livekit-token`)).json().token,
      );
      expect(hosted.video?.roomAdmin).toBe(true);
      expect((await as(stranger).post(`/api/gatherings/${room}/livekit-token`)).status).toBe(403);
    } finally {
      await livekit.close();
    }
  });
});

describe("his data", () => {
  test("the export holds the gatherings he hosts and his chat lines; deleting his account deletes them", async () => {
    const { host, andrew, flock } = await flockWithHost();
    const gathering = await startNow(host, flock.id, "Export evening");
    const h = await enter(app, host, gathering.room_name);
    h.socket.send({ type: "chat", text: "Welcome, brothers" });
    await h.socket.next("chat", "the host's chat line");
    const data = (await host.client.get("/api/account/export")).json();
    expect(data.gatherings_hosted).toEqual([expect.objectContaining({ title: "Export evening", flock: "Thursday Men" })]);
    expect(data.gathering_chat).toEqual([expect.objectContaining({ gathering: "Export evening", text: "Welcome, brothers" })]);
    expect((await andrew.client.get("/api/account/export")).json().gathering_chat).toEqual([]);
    h.socket.close();
    await h.socket.closed;

    const deleted = await host.client.delete("/api/account", { confirm: "DELETE" });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await app.db.select().from(schema.gatherings).where(eq(schema.gatherings.hostId, host.id))).toEqual([]);
    expect(await app.db.select().from(schema.gatheringEvents).where(eq(schema.gatheringEvents.userId, host.id))).toEqual([]);
  });
});
