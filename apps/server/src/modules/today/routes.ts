import { Hono } from "hono";
import {
  checkinInput,
  connectionInput,
  devotionalRefInput,
  needsCare,
  streakDaysQuery,
  timeZoneInput,
  whisperForConnection,
  whisperForConnectionChange,
  type StreakDays,
} from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { jsonText } from "../../http/json-text";
import { readJson, readQuery } from "../../http/validate";
import { whisperQuietly } from "../whispers/service";
import { devotionalIdOn, setTimeZone, streakCalendar, streakDays } from "../devotional/service";
import {
  completeDevotional,
  getTodayCheckin,
  getTodayDevotional,
  markPrayed,
  refreshDevotional,
  setConnection,
  upsertCheckin,
} from "./service";
import { todayScreenJson } from "./screen";

export function todayRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // Spec section 7: generate-daily-devotional returns the devotional's fields.
      .post("/functions/generate-daily-devotional", async (c) => {
        const user = await requireUser(c);
        return c.json((await getTodayDevotional(ctx.db, ctx.ai, { userId: user.id })).devotional);
      })
      .get("/devotionals/today", async (c) => {
        const user = await requireUser(c);
        return c.json((await getTodayDevotional(ctx.db, ctx.ai, { userId: user.id })).devotional);
      })
      // Spec section 7: refresh-devotional (counted against the monthly devotional cap).
      .post("/functions/refresh-devotional", async (c) => {
        const user = await requireUser(c);
        return c.json(await refreshDevotional(ctx.db, ctx.ai, { userId: user.id }));
      })
      // Everything the Today screen shows, in one answer (two round trips: screen.ts).
      .get("/today", async (c) => {
        const user = await requireUser(c);
        const { devotional, date, timeZone } = await getTodayDevotional(ctx.db, ctx.ai, { userId: user.id });
        const body = await todayScreenJson(ctx.db, { userId: user.id, devotional, date, timeZone });
        return jsonText(c, body);
      })
      .put("/profile/time-zone", async (c) => {
        const user = await requireUser(c);
        const { time_zone } = await readJson(c, timeZoneInput);
        await setTimeZone(ctx.db, { userId: user.id, timeZone: time_zone });
        return c.json({ time_zone });
      })
      .get("/streak", async (c) => {
        const user = await requireUser(c);
        return c.json({ streak: await streakDays(ctx.db, { userId: user.id }) });
      })
      // The streak calendar: his kept days between two of his dates (at most STREAK_DAYS_MAX_SPAN), today and the streak.
      .get("/streak/days", async (c) => {
        const user = await requireUser(c);
        const { from, to } = readQuery(c, streakDaysQuery);
        const answer: StreakDays = await streakCalendar(ctx.db, { userId: user.id, from, to });
        return c.json(answer);
      })
      .post("/progress/complete", async (c) => {
        const user = await requireUser(c);
        const { devotional_id } = await readJson(c, devotionalRefInput);
        return c.json(await completeDevotional(ctx.db, { userId: user.id, devotionalId: devotional_id }));
      })
      .put("/progress/connection", async (c) => {
        const user = await requireUser(c);
        const { devotional_id, value } = await readJson(c, connectionInput);
        const { progress, previous } = await setConnection(ctx.db, { userId: user.id, devotionalId: devotional_id, value });
        // Section 9: a connection below 30 on a slider change brings a struggle whisper (once as it drops below 30).
        const whisper = whisperForConnectionChange(previous, value)
          ? await whisperQuietly(ctx.db, ctx.ai, ctx.log, {
              userId: user.id,
              triggerType: "struggle",
              context: { spiritualConnection: value, devotionalId: devotional_id },
            })
          : null;
        return c.json({ progress, whisper });
      })
      .post("/progress/prayed", async (c) => {
        const user = await requireUser(c);
        const { devotional_id } = await readJson(c, devotionalRefInput);
        return c.json(await markPrayed(ctx.db, { userId: user.id, devotionalId: devotional_id }));
      })
      .get("/checkins/today", async (c) => {
        const user = await requireUser(c);
        return c.json({ checkin: await getTodayCheckin(ctx.db, { userId: user.id }) });
      })
      .put("/checkins/today", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, checkinInput);
        const checkin = await upsertCheckin(ctx.db, {
          userId: user.id,
          mood: input.mood,
          focusAreas: input.focus_areas,
          notes: input.notes,
          spiritualConnection: input.spiritual_connection,
          madeOn: input.made_on,
        });
        const care = needsCare(input.notes);
        const connection = input.spiritual_connection;
        // Section 9: a daily check-in brings a whisper; a connection below 30 makes it a struggle whisper, with the
        // struggle's context fields of section 7 (one whisper per save: decision 005).
        const struggle = connection !== undefined && whisperForConnection(connection) !== null;
        const whisper = care
          ? null
          : await whisperQuietly(ctx.db, ctx.ai, ctx.log, {
              userId: user.id,
              ...(struggle
                ? {
                    triggerType: "struggle" as const,
                    context: {
                      spiritualConnection: connection,
                      devotionalId: await devotionalIdOn(ctx.db, { userId: user.id, date: checkin.check_in_date }),
                    },
                  }
                : {
                    triggerType: "daily_checkin" as const,
                    context: { spiritualConnection: connection ?? null, focusAreas: input.focus_areas, notes: input.notes ?? "" },
                  }),
            });
        return c.json({ checkin, whisper, care });
      })
  );
}
