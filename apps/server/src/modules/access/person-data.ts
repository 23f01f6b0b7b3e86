import { getTableColumns } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { monthlyUsageLimits, aiUsage } = schema;

export const accessData: PersonData = {
  export: {
    monthly_usage: ownRows(monthlyUsageLimits, getTableColumns(monthlyUsageLimits), monthlyUsageLimits.month),
    ai_usage: ownRows(
      aiUsage,
      { feature_type: aiUsage.featureType, tokens_used: aiUsage.tokensUsed, created_at: aiUsage.createdAt },
      aiUsage.createdAt,
    ),
  },
};
