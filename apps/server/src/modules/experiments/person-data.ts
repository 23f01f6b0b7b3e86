import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { experimentExposures: t } = schema;

/** The A/B test variants he was shown; deleting his account deletes them (cascade). */
export const experimentData: PersonData = {
  export: {
    experiment_exposures: ownRows(t, { experiment_id: t.experimentId, variant: t.variant, exposed_at: t.exposedAt }, t.exposedAt),
  },
};
