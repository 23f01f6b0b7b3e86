import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { adminAuditLog: log } = schema;

/** What a deleted member's audit entries say instead of his email. */
export const DELETED_MEMBER = "a deleted member";

/**
 * The admin audit log as it concerns one person: what admins did about him (a ban, a role change), and, for an admin,
 * what he did. Only the action and its time: the entries' targets and details are about other members.
 * When his account is deleted, entries about him no longer name him; entries of his own actions keep his email, the
 * record of who did what that the community's accountability rests on (the privacy policy says so).
 */
export const adminData: PersonData = {
  export: {
    admin_actions_about_you: (db, userId) =>
      db
        .select({ action: log.action, created_at: log.createdAt })
        .from(log)
        .where(eq(log.targetUserId, userId))
        .orderBy(desc(log.createdAt)),
    admin_actions_by_you: (db, userId) =>
      db
        .select({ action: log.action, created_at: log.createdAt })
        .from(log)
        .where(eq(log.actorId, userId))
        .orderBy(desc(log.createdAt)),
  },
  beforeDelete: async (db, userId) => {
    await db.update(log).set({ target: DELETED_MEMBER }).where(eq(log.targetUserId, userId));
    return [];
  },
};
