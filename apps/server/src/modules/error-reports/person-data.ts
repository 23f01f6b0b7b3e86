import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { errorReports } = schema;

export const errorReportData: PersonData = {
  export: {
    error_reports: (db, userId) =>
      db
        .select({ message: errorReports.message, url: errorReports.url, created_at: errorReports.createdAt })
        .from(errorReports)
        .where(eq(errorReports.userId, userId)),
  },
};
