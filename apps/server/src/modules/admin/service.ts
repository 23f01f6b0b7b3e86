import { inArray, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";

/** ADMIN_EMAILS: accounts with these addresses are admins (checked at every start). */
export async function promoteAdmins(db: Database, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(schema.users)
    .set({ role: "admin" })
    .where(inArray(sql`lower(${schema.users.email})`, emails));
}

/** Used by `npm run admin -- grant|revoke EMAIL`. Returns false when no account has that email. */
export async function setAdmin(db: Database, email: string, admin: boolean): Promise<boolean> {
  const rows = await db
    .update(schema.users)
    .set({ role: admin ? "admin" : "user" })
    .where(eq(sql`lower(${schema.users.email})`, email.toLowerCase()))
    .returning({ id: schema.users.id });
  return rows.length > 0;
}
