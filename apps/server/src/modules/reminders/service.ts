import { and, eq, gt, isNull, like, sql } from "drizzle-orm";
import { schema, type Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { MailProvider } from "../../providers/mail/mail";
import { reminderMail } from "../../providers/mail/templates";
import type { RealtimeHub } from "../../realtime/hub";
import { listNotifications } from "../notifications/service";
import type { PushMessage, PushSender, PushTarget } from "./push";
import { dueWindow, localMinute } from "./schedule";
import { chooseReminderText, type ReminderText } from "./texts";
import type { ReminderSettings } from "@shepherd/shared/reminders";

const { pushSubscriptions, reminderSettings, reminderSends, profiles, users, notifications, liveConnections } = schema;

/** What the reminder's jobs and routes need from the app's context. */
export interface ReminderDeps {
  db: Database;
  log: Logger;
  push: PushSender;
  mail: MailProvider;
  texts: readonly ReminderText[];
  /** The app's address for links in mails (PUBLIC_URL, or where this server is reached). */
  appUrl: string;
}

export const DEFAULT_SETTINGS = {
  enabled: false,
  timeOfDay: "07:00",
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  push: true,
  email: false,
  mentionPush: true,
};

export async function getReminderSettings(db: Database, userId: string): Promise<ReminderSettings> {
  const [[row], [profile], [devices]] = await Promise.all([
    db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)),
    db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  const s = row ?? DEFAULT_SETTINGS;
  return {
    enabled: s.enabled,
    time: s.timeOfDay,
    weekdays: [...s.weekdays].sort((a, b) => a - b),
    push: s.push,
    email: s.email,
    mention_push: s.mentionPush,
    time_zone: profile?.timeZone ?? "UTC",
    push_devices: devices?.n ?? 0,
  };
}

export interface ReminderSettingsInput {
  enabled?: boolean;
  time?: string;
  weekdays?: number[];
  push?: boolean;
  email?: boolean;
  mention_push?: boolean;
}

export async function updateReminderSettings(
  db: Database,
  userId: string,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  const changes = {
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    ...(input.time === undefined ? {} : { timeOfDay: input.time }),
    ...(input.weekdays === undefined ? {} : { weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b) }),
    ...(input.push === undefined ? {} : { push: input.push }),
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.mention_push === undefined ? {} : { mentionPush: input.mention_push }),
  };
  await db
    .insert(reminderSettings)
    .values({ ...DEFAULT_SETTINGS, ...changes, userId })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...changes, updatedAt: sql`now()` } });
  return getReminderSettings(db, userId);
}

/** Whether an endpoint is one we may post to: https, or plain http on this machine outside production (tests, dev). */
export function allowedEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (!production) return url.protocol === "https:" || (url.protocol === "http:" && loopback);
  // In production the server posts to this address: only a push service's public name, never an address on the
  // server's own network (an IP literal, a single-label or .local/.internal/.localhost name), so a member cannot point
  // our requests at internal services.
  const host = url.hostname.toLowerCase();
  const ipLiteral = /^\d+(\.\d+){3}$/.test(host) || host.startsWith("[");
  const internalName = !host.includes(".") || /\.(local|internal|localhost|lan|home|corp)$/.test(host);
  return url.protocol === "https:" && !ipLiteral && !internalName && (url.port === "" || url.port === "443");
}

/**
 * Keeps this browser's push subscription for the member. An endpoint is one browser profile: when it is already
 * another member's (a shared device where someone else turned reminders on), it is not taken over (409), and the
 * page subscribes afresh, which gives a new endpoint.
 */
export async function subscribePush(
  db: Database,
  userId: string,
  input: { endpoint: string; keys: { p256dh: string; auth: string }; userAgent: string | undefined },
): Promise<{ subscribed: true }> {
  const userAgent = input.userAgent?.slice(0, 300) ?? null;
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) {
    throw new AppError(
      "CONFLICT",
      "This browser's notifications belong to another account. Turn reminders off and on again to sign this browser up for yours.",
    );
  }
  return { subscribed: true };
}

export async function unsubscribePush(db: Database, userId: string, endpoint: string): Promise<{ removed: boolean }> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { removed: rows.length > 0 };
}

/** Pushes one message to each of a member's browsers; a subscription the push service says is gone is deleted. */
export async function pushToMember(
  deps: Pick<ReminderDeps, "db" | "log" | "push">,
  userId: string,
  message: PushMessage,
): Promise<{ sent: number; removed: number }> {
  const targets = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return pushToTargets(deps, targets, message);
}

async function pushToTargets(
  deps: Pick<ReminderDeps, "db" | "log" | "push">,
  targets: Array<PushTarget & { id: string }>,
  message: PushMessage,
): Promise<{ sent: number; removed: number }> {
  let sent = 0;
  let removed = 0;
  await Promise.all(
    targets.map(async (target) => {
      const result = await deps.push.send(target, message);
      if (result.ok) {
        sent += 1;
        await deps.db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()` })
          .where(eq(pushSubscriptions.id, target.id));
      } else if (result.gone) {
        removed += 1;
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        deps.log.info({ status: result.status }, "push: removed a subscription its push service no longer knows");
      } else {
        deps.log.warn({ status: result.status, error: result.error }, "push: a message could not be delivered");
      }
    }),
  );
  return { sent, removed };
}

/** The reminder's push message: the day's gentle text, to Today, one per local date on the device. */
export function reminderMessage(text: ReminderText, localDate: string): PushMessage {
  return { title: text.title, body: text.body, url: "/", tag: `reminder-${localDate}` };
}

/** "Send me a test reminder": now, whatever the time, by each way he has turned on (push and email). */
export async function sendTestReminder(deps: ReminderDeps, userId: string): Promise<{ pushed: number; emailed: boolean }> {
  const [member] = await deps.db
    .select({ name: users.name, email: users.email, timeZone: profiles.timeZone })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const settings = await getReminderSettings(deps.db, userId);
  const localDate = localMinute(new Date(), member?.timeZone ?? "UTC")?.date ?? new Date().toISOString().slice(0, 10);
  const text = chooseReminderText(deps.texts, userId, localDate);
  const { sent } = settings.push
    ? await pushToMember(deps, userId, { ...reminderMessage(text, localDate), tag: "reminder-test" })
    : { sent: 0 };
  let emailed = false;
  if (settings.email && member) {
    await mailReminder(deps, { name: member.name, email: member.email }, text);
    emailed = true;
  }
  if (sent === 0 && !emailed) {
    throw new AppError(
      "CONFLICT",
      settings.push
        ? "No browser of yours is set up for notifications yet. Turn the reminder on in this browser first, or turn on email reminders."
        : "Turn on notifications or email reminders first, then send a test.",
    );
  }
  return { pushed: sent, emailed };
}

async function mailReminder(deps: ReminderDeps, member: { name: string; email: string }, text: ReminderText) {
  const mail = reminderMail({
    name: member.name,
    title: text.title,
    body: text.body,
    appUrl: `${deps.appUrl}/`,
    settingsUrl: `${deps.appUrl}/settings#reminders`,
  });
  await deps.mail.send({ to: member.email, ...mail, kind: "reminder" });
}

interface DueMember {
  userId: string;
  name: string;
  email: string;
  push: boolean;
  mail: boolean;
  localDate: string;
}

/**
 * The members due at the UTC minute `instant` falls in: for each time zone members have, what the clock says there;
 * then, in one query, members whose reminder is on at that local time and weekday, whose devotional for that local
 * date is not complete, and who have no reminder recorded for that date.
 */
export async function dueMembers(db: Database, instant: Date): Promise<DueMember[]> {
  const zones = await db
    .selectDistinct({ timeZone: profiles.timeZone })
    .from(reminderSettings)
    .innerJoin(profiles, eq(profiles.id, reminderSettings.userId))
    .where(eq(reminderSettings.enabled, true));
  const windows = zones.flatMap(({ timeZone }) => {
    const window = dueWindow(instant, timeZone);
    return window ? [{ timeZone, ...window }] : [];
  });
  if (windows.length === 0) return [];
  const values = sql.join(
    windows.map((w) => sql`(${w.timeZone}::text, ${w.after}::text, ${w.time}::text, ${w.weekday}::smallint, ${w.date}::date)`),
    sql`, `,
  );
  // Times compare as text in the "C" collation: "HH:MM" strings order as the clock does.
  const result = await db.execute<{
    user_id: string;
    name: string;
    email: string;
    push: boolean;
    mail: boolean;
    local_date: string;
  }>(sql`
    select s.user_id, u.name, u.email, s.push, s.email as mail, to_char(v.local_date, 'YYYY-MM-DD') as local_date
    from reminder_settings s
    join profiles p on p.id = s.user_id
    join users u on u.id = s.user_id
    join (values ${values}) as v(time_zone, after_time, local_time, weekday, local_date)
      on v.time_zone = p.time_zone
      and s.time_of_day collate "C" > v.after_time collate "C"
      and s.time_of_day collate "C" <= v.local_time collate "C"
    where s.enabled
      and v.weekday = any(s.weekdays)
      and (s.email or (s.push and exists (select 1 from push_subscriptions ps where ps.user_id = s.user_id)))
      and not exists (
        select 1 from devotional_progress dp
        where dp.user_id = s.user_id and dp.progress_date = v.local_date and dp.completed
      )
      and not exists (select 1 from reminder_sends r where r.user_id = s.user_id and r.local_date = v.local_date)`);
  return result.rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    email: r.email,
    push: r.push,
    mail: r.mail,
    localDate: r.local_date,
  }));
}

/** How many members are reminded at once (each one's pushes go out together). */
const SEND_CONCURRENCY = 32;

/**
 * The job of one due minute: every member due then gets his reminder once. The "sent" row is written first, ON
 * CONFLICT DO NOTHING: of two runs of the same minute (a retry, a second process), only the one that wrote it sends.
 */
export async function runReminderMinute(
  deps: ReminderDeps,
  instant: Date,
): Promise<{ due: number; reminded: number; pushed: number; emailed: number }> {
  const members = await dueMembers(deps.db, instant);
  let reminded = 0;
  let pushed = 0;
  let emailed = 0;
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const member = members[next++]!;
      const won = await deps.db
        .insert(reminderSends)
        .values({ userId: member.userId, localDate: member.localDate })
        .onConflictDoNothing()
        .returning({ id: reminderSends.id });
      if (won.length === 0) continue;
      reminded += 1;
      const text = chooseReminderText(deps.texts, member.userId, member.localDate);
      if (member.push) {
        try {
          pushed += (await pushToMember(deps, member.userId, reminderMessage(text, member.localDate))).sent;
        } catch (error) {
          deps.log.error({ err: error, userId: member.userId }, "reminders: the push could not be sent");
        }
      }
      if (member.mail) {
        try {
          await mailReminder(deps, member, text);
          emailed += 1;
        } catch (error) {
          deps.log.error({ err: error, userId: member.userId }, "reminders: the email could not be sent");
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, members.length) }, worker));
  if (members.length > 0)
    deps.log.info({ minute: instant.toISOString(), due: members.length, reminded, pushed, emailed }, "reminders sent");
  return { due: members.length, reminded, pushed, emailed };
}

/** Mentions a member gets pushed at most at once; beyond that one push says how many. */
const MENTION_PUSHES_AT_ONCE = 3;

/**
 * Issue 18: a mention is pushed when the member allows it and has no event stream open. Every process hears the
 * "notifications inserted" notice (realtime/hub.ts), but only its own streams are known to it: the process that
 * claims the new notifications first (pushed_at, set once) decides, so each mention is pushed at most once; a stream
 * open on another process counts too (live_connections).
 */
export async function pushNewMentions(deps: ReminderDeps & { realtime: RealtimeHub }, userId: string): Promise<number> {
  const claimed = await deps.db
    .update(notifications)
    .set({ pushedAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.pushedAt),
        like(notifications.type, "mention_%"),
        gt(notifications.createdAt, sql`now() - interval '10 minutes'`),
      ),
    )
    .returning({ id: notifications.id });
  if (claimed.length === 0 || (await hasOpenStream(deps, userId))) return 0;
  const settings = await getReminderSettings(deps.db, userId);
  if (!settings.mention_push || !settings.push || settings.push_devices === 0) return 0;
  const ids = new Set(claimed.map((c) => c.id));
  const items = (await listNotifications(deps.db, userId)).items.filter((item) => ids.has(item.id));
  const messages: PushMessage[] =
    items.length > MENTION_PUSHES_AT_ONCE
      ? [{ title: "Shepherd", body: `${items.length} people mentioned you`, url: "/", tag: "mentions" }]
      : items.map((item) => ({
          title: "Shepherd",
          body: `${item.mentioner?.display_name ?? "Someone"} mentioned you`,
          url: item.link ?? "/",
          tag: `mention-${item.id}`,
        }));
  let sent = 0;
  for (const message of messages) sent += (await pushToMember(deps, userId, message)).sent;
  return sent;
}

/** An event stream open for him on any process (live_connections, issue 40), or on this one (a row not written yet). */
async function hasOpenStream(deps: ReminderDeps & { realtime: RealtimeHub }, userId: string): Promise<boolean> {
  if (deps.realtime.streamsOf(userId) > 0) return true;
  const [open] = await deps.db
    .select({ id: liveConnections.id })
    .from(liveConnections)
    .where(and(eq(liveConnections.userId, userId), eq(liveConnections.kind, "events")))
    .limit(1);
  return open !== undefined;
}

/** Starts listening for new mentions in this process (every process: each knows only its own open streams). */
export function startMentionPushes(deps: ReminderDeps & { realtime: RealtimeHub }): () => void {
  return deps.realtime.watch((userId, event) => {
    if (event.type !== "notifications" || event.change !== "insert") return;
    pushNewMentions(deps, userId).catch((error: unknown) =>
      deps.log.error({ err: error, userId }, "push: a mention could not be pushed"),
    );
  });
}
