/** GET /api/reminders (issue 18): a member's daily reminder, read in his profile's time zone. No zod: the web app imports it. */
export interface ReminderSettings {
  enabled: boolean;
  /** HH:MM, 24 hours. */
  time: string;
  /** 0 (Sunday) to 6 (Saturday). */
  weekdays: number[];
  push: boolean;
  email: boolean;
  mention_push: boolean;
  /** The profile's time zone the time is read in. */
  time_zone: string;
  /** Browsers of his that receive pushes. */
  push_devices: number;
}

/** What PATCH /api/reminders may change. */
export type ReminderChanges = Partial<
  Pick<ReminderSettings, "enabled" | "time" | "weekdays" | "push" | "email" | "mention_push">
>;
