import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { gatheringInput, gatheringListQuery } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { schema } from "../../db/client";
import { AppError } from "../../errors";
import { readJson, readQuery } from "../../http/validate";
import { mintLivekitToken } from "./livekit";
import { createGathering, endGathering, getGathering, listGatherings, requireRoom } from "./service";

/** A room name as Hono path syntax: other shapes get 404. */
const ROOM_PARAM = "{[a-z0-9]{12,32}}";

/** Gatherings over HTTP; the room's signaling is the WebSocket of socket.ts. */
export function gatheringRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/gatherings", async (c) => {
      const user = await requireUser(c);
      const query = readQuery(c, gatheringListQuery);
      return c.json(await listGatherings(ctx.db, { userId: user.id, flockId: query.flock }));
    })
    .post("/gatherings", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, gatheringInput);
      return c.json(await createGathering(ctx.db, { userId: user.id, input }), 201);
    })
    .get(`/gatherings/:room${ROOM_PARAM}`, async (c) => {
      const user = await requireUser(c);
      return c.json(
        await getGathering(ctx.db, {
          roomName: c.req.param("room"),
          userId: user.id,
          iceServers: ctx.config.iceServers,
          livekit: ctx.config.livekit !== undefined,
          presenceMs: ctx.config.gatheringPresenceMs,
        }),
      );
    })
    .post(`/gatherings/:room${ROOM_PARAM}/end`, async (c) => {
      const user = await requireUser(c);
      await endGathering(ctx.db, { roomName: c.req.param("room"), userId: user.id });
      return c.json({ ended: true });
    })
    .post(`/gatherings/:room${ROOM_PARAM}/livekit-token`, async (c) => {
      const user = await requireUser(c);
      const livekit = ctx.config.livekit;
      if (!livekit) throw new AppError("NOT_FOUND", "This server runs gatherings without LiveKit.");
      const roomName = c.req.param("room");
      const { row } = await requireRoom(ctx.db, { roomName, userId: user.id });
      const [profile] = await ctx.db
        .select({ displayName: schema.profiles.displayName })
        .from(schema.profiles)
        .where(eq(schema.profiles.id, user.id));
      const token = await mintLivekitToken({
        apiKey: livekit.apiKey,
        apiSecret: livekit.apiSecret,
        room: roomName,
        identity: user.id,
        name: profile?.displayName ?? user.name,
        host: row.hostId === user.id,
      });
      return c.json({ url: livekit.url, token });
    });
}
