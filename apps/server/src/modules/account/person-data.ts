import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { clientWrites: writes } = schema;

/**
 * The account itself (Better Auth's tables): who he is and where he is signed in; and the writes his devices sent
 * with an id (issue 18, `client_writes`): the id, method, path, answer status and when, not the stored answer, which
 * repeats what the export has already (his entry, his check-in...).
 */
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
    client_writes: ownRows(
      writes,
      {
        key: writes.key,
        method: writes.method,
        path: writes.path,
        status: writes.status,
        created_at: writes.createdAt,
        finished_at: writes.finishedAt,
      },
      writes.createdAt,
    ),
  },
};
