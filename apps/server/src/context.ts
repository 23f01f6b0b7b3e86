import type pg from "pg";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { MemberRows } from "./db/member-rows";
import type { DatabaseContact } from "./db/outage";
import type { JobQueue } from "./jobs/queue";
import type { Heartbeat } from "./modules/admin/processes";
import type { Logger } from "./logger";
import type { AiTextProvider } from "./providers/ai/ai";
import type { BillingProvider } from "./providers/billing/billing";
import type { ErrorReporter } from "./providers/errors/errors";
import type { MailProvider } from "./providers/mail/mail";
import type { ImageProvider } from "./providers/images/images";
import type { StorageProvider } from "./providers/storage/storage";
import type { GatheringRelay } from "./modules/gatherings/relay";
import type { RealtimeHub } from "./realtime/hub";
import type { SessionCache } from "./auth/session-cache";
import type { PushSender } from "./modules/reminders/push";
import type { ReminderText } from "./modules/reminders/texts";
import type { SpeechProvider } from "./providers/tts/speech";

/** Everything a request handler may need, built once at start (see main.ts and test/helpers). */
export interface AppContext {
  config: Config;
  baseUrl: string;
  log: Logger;
  pool: pg.Pool;
  db: Database;
  /**
   * For the few statements that may rightly run longer than DATABASE_QUERY_TIMEOUT_SECONDS (a pool of 3, no query
   * timeout): the admin dashboard (its first read counts every day not rolled up yet: seconds over millions of events)
   * and the nightly jobs that scan whole tables (housekeeping, the active-days roll-up). Never for a member's request.
   */
  longDb: Database;
  auth: Auth;
  mail: MailProvider;
  storage: StorageProvider;
  errors: ErrorReporter;
  billing: BillingProvider;
  ai: AiTextProvider;
  speech: SpeechProvider;
  /** Devotional artwork: an OpenAI-compatible images model (IMAGE_MODEL), or drawn offline. */
  images: ImageProvider;
  /** Live changes to signed-in users' browsers, across processes (LISTEN/NOTIFY; see realtime/hub.ts). */
  realtime: RealtimeHub;
  /** Who each session token belongs to, kept while PostgreSQL's notices can end entries (auth/session-cache.ts). */
  sessions: SessionCache;
  /** A member's own rows read on nearly every visit, kept while PostgreSQL's notices can end them (db/member-rows.ts). */
  memberRows: MemberRows;
  /** When this process last reached its database (db/outage.ts): the liveness check fails once that is too long ago. */
  databaseContact: DatabaseContact;
  /** This process's row among the server processes (modules/admin/processes.ts): Admin Health lists them all. */
  heartbeat: Heartbeat;
  /** Gathering rooms' signaling: the sockets this process holds, their rooms replayed from the log (LISTEN/NOTIFY). */
  gatherings: GatheringRelay;
  /** Background jobs in PostgreSQL (pg-boss): plan generation. This process works on them too. */
  jobs: JobQueue;
  /** Web Push with this server's VAPID keys (modules/reminders). */
  push: PushSender;
  /** The daily reminders' texts (content/reminders.json), checked at start. */
  reminderTexts: readonly ReminderText[];
  /** Folder of the built web app, when it is served by this process. */
  webDist: string | undefined;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: string | null;
  twoFactorEnabled: boolean;
  /** How the request proved who it is. */
  via: "session" | "jwt";
  sessionId: string | null;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Who is asking, worked out on first use (see auth/middleware.ts). */
    getUser: () => Promise<SignedInUser | null>;
  };
};
