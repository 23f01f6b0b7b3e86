import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

/** The account itself (Better Auth's tables): who he is and where he is signed in. */
export const accountData: PersonData = {
  export: {
    account: async (db, userId) => {
      const [user] = await db
        .select({
          id: schema.users.id,
          email: schema.users.email,
          name: schema.users.name,
          created_at: schema.users.createdAt,
          two_factor_enabled: schema.users.twoFactorEnabled,
          role: schema.users.role,
        })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      return user;
    },
    sessions: (db, userId) =>
      db
        .select({
          created_at: schema.sessions.createdAt,
          expires_at: schema.sessions.expiresAt,
          ip_address: schema.sessions.ipAddress,
          user_agent: schema.sessions.userAgent,
        })
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, userId)),
  },
};
