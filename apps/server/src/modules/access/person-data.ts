import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { monthlyUsageLimits, aiUsage } = schema;

export const accessData: PersonData = {
  export: {
    monthly_usage: (db, userId) =>
      db.select().from(monthlyUsageLimits).where(eq(monthlyUsageLimits.userId, userId)).orderBy(desc(monthlyUsageLimits.month)),
    ai_usage: (db, userId) =>
      db
        .select({ feature_type: aiUsage.featureType, tokens_used: aiUsage.tokensUsed, created_at: aiUsage.createdAt })
        .from(aiUsage)
        .where(eq(aiUsage.userId, userId))
        .orderBy(desc(aiUsage.createdAt)),
  },
};
