import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { insights: t } = schema;

/** His insights, with the snapshot of the days each was written from; deleting the account cascades. */
export const insightData: PersonData = {
  export: {
    insights: ownRows(
      t,
      {
        id: t.id,
        period: t.period,
        period_start: t.periodStart,
        period_end: t.periodEnd,
        headline: t.headline,
        rose: t.rose,
        fell: t.fell,
        themes: t.themes,
        encouragement: t.encouragement,
        scripture_reference: t.scriptureReference,
        scripture_text: t.scriptureText,
        source: t.source,
        care: t.care,
        snapshot: t.snapshot,
        created_at: t.createdAt,
      },
      t.createdAt,
    ),
  },
};
