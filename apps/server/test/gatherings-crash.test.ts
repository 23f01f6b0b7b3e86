import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { GatheringDetail, GatheringSummary } from "@shepherd/shared";
import { startTestApp, type TestApp } from "./helpers/app";
import { makePremium } from "./helpers/auth";
import { buildServerIfNeeded, startBuiltServer, type BuiltServer } from "./helpers/built-server";
import { brother, flockOf, join } from "./helpers/community";
import { openRoomSocket, type RoomSocket } from "./helpers/room-socket";

/**
 * Issue 16: a server process killed outright (SIGKILL: no word to anyone) cannot say that the brothers whose sockets it
 * held left their room. Every process shows signs of life in gathering_servers; once the dead one's are older than
 * GATHERING_PRESENCE_SECONDS (4 s here, 30 by default), the living processes take its brothers out of the room, and
 * the room's page no longer lists them inside. A living process's brothers stay, however long they sit.
 */

const PRESENCE_SECONDS = 4;
const secret = randomBytes(32).toString("base64url");
let app: TestApp;
let server: BuiltServer;
let dataDir: string;
const sockets: RoomSocket[] = [];

beforeAll(async () => {
  buildServerIfNeeded();
  const env = { BETTER_AUTH_SECRET: secret, GATHERING_PRESENCE_SECONDS: String(PRESENCE_SECONDS) };
  app = await startTestApp({ env });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-gathering-crash-"));
  server = await startBuiltServer({ dataDir, env: { ...env, DATABASE_URL: app.database.url, RATE_LIMIT_AUTH_MAX: "1000" } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop().catch(() => undefined);
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function enter(baseUrl: string, cookie: string, room: string, who: string) {
  const socket = await openRoomSocket(baseUrl, room, { cookie });
  sockets.push(socket);
  socket.send({ type: "join", muted: false, camera_off: false });
  const welcome = await socket.next("welcome", `${who}'s welcome`);
  return { socket, you: welcome.you };
}

test("a brother held by a server killed outright leaves the room for the others; one on a living server stays", async () => {
  const host = await brother(app, "Hosea");
  await makePremium(app.db, host.id);
  const andrew = await brother(app, "Andrew");
  const flock = await flockOf(host, "Night Watch");
  await join(host, flock.id, andrew);
  const created = await host.client.post("/api/gatherings", { flock_id: flock.id, title: "Late prayer", time_zone: "UTC" });
  expect(created.status, created.text).toBe(201);
  const { room_name: room } = created.json() as GatheringSummary;

  const h = await enter(app.url, host.client.cookieHeader(), room, "the host, on the test process");
  const a = await enter(server.url, andrew.client.cookieHeader(), room, "Andrew, on the built server");
  expect((await h.socket.next("joined", "Andrew joining through the built server")).participant.peer).toBe(a.you);

  // Longer than the presence window: both servers show life, nobody is taken out.
  await new Promise((resolve) => setTimeout(resolve, (PRESENCE_SECONDS + 2) * 1000));
  expect(h.socket.received.filter((m) => m.type === "left")).toEqual([]);
  const inside = async () =>
    ((await host.client.get(`/api/gatherings/${room}`)).json() as GatheringDetail).inside.map((p) => p.user_id).sort();
  expect(await inside()).toEqual([host.id, andrew.id].sort());

  await server.crash();
  const left = await h.socket.next("left", "Andrew taken out after his server died", (PRESENCE_SECONDS * 3 + 10) * 1000);
  expect(left).toMatchObject({ peer: a.you, reason: "left" });
  expect(await inside()).toEqual([host.id]);

  // The host's own socket was never in doubt.
  h.socket.send({ type: "chat", text: "Still here." });
  expect((await h.socket.next("chat", "the host's line")).message.text).toBe("Still here.");
});
