import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { pushSubscriptions: subs, reminderSettings: settings, reminderSends: sends } = schema;

/**
 * Issue 18: his reminder settings, the browsers that receive his pushes (the push service's address, not the keys)
 * and the dates a reminder went out. All of it goes with his account by the cascade.
 */
export const reminderData: PersonData = {
  export: {
    reminder_settings: ownRows(settings, {
      enabled: settings.enabled,
      time: settings.timeOfDay,
      weekdays: settings.weekdays,
      push: settings.push,
      email: settings.email,
      mention_push: settings.mentionPush,
      updated_at: settings.updatedAt,
    }),
    push_subscriptions: ownRows(
      subs,
      { endpoint: subs.endpoint, user_agent: subs.userAgent, created_at: subs.createdAt, last_success_at: subs.lastSuccessAt },
      subs.createdAt,
    ),
    reminders_sent: ownRows(sends, { local_date: sends.localDate, sent_at: sends.sentAt }, sends.sentAt),
  },
};
