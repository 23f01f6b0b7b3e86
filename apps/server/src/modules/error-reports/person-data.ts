import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { errorReports: t } = schema;

export const errorReportData: PersonData = {
  export: {
    error_reports: ownRows(t, { message: t.message, url: t.url, created_at: t.createdAt }),
  },
};
