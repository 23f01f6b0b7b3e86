import { and, sql } from "drizzle-orm";
import type { PersonRef } from "@shepherd/shared";
import { schema, type Executor } from "../../db/client";

/** How one person appears beside what he wrote, in any area: his name, username and picture. */

const { profiles } = schema;

/** The profile columns a PersonRef is made of: select them beside a row joined to `profiles` on its author. */
export const personColumns = {
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};

export function personRef(row: {
  userId: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
}): PersonRef {
  return { id: row.userId, display_name: row.displayName, username: row.username, avatar_url: row.avatarUrl };
}

/** Mention autocomplete: up to 8 people whose username starts with the letters typed. */
export async function searchUsers(db: Executor, options: { viewerId: string; q: string }): Promise<PersonRef[]> {
  const prefix = options.q.trim().replace(/^@/, "").toLowerCase();
  if (!/^[a-z0-9_]{0,30}$/.test(prefix)) return [];
  const rows = await db
    .select({ userId: profiles.id, ...personColumns })
    .from(profiles)
    .where(
      and(
        // "_" is a LIKE wildcard: escape it so "a_b" matches only "a_b...".
        sql`lower(${profiles.username}) like ${`${prefix.replace(/_/g, "\\_")}%`}`,
        sql`${profiles.id} <> ${options.viewerId}`,
      ),
    )
    .orderBy(sql`lower(${profiles.username})`)
    .limit(8);
  return rows.map(personRef);
}

/** The id of the person with this username (any case, with or without "@"), if anyone has it. */
export async function userIdByUsername(db: Executor, username: string): Promise<string | null> {
  const wanted = username.trim().replace(/^@/, "").toLowerCase();
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${wanted}`);
  return row?.id ?? null;
}
