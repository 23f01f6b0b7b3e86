import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

export const profileData: PersonData = {
  export: {
    profile: async (db, userId) => {
      const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, userId));
      return profile;
    },
  },
  async beforeDelete(db, userId) {
    const [profile] = await db
      .select({ avatarUrl: schema.profiles.avatarUrl })
      .from(schema.profiles)
      .where(eq(schema.profiles.id, userId));
    return [profile?.avatarUrl ?? null];
  },
};
