import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { devotionals: d, devotionalProgress: p } = schema;

export const devotionalData: PersonData = {
  export: {
    devotionals: ownRows(
      d,
      { devotional_date: d.devotionalDate, title: d.title, passage: d.passage, theme: d.theme },
      d.devotionalDate,
    ),
    devotional_progress: ownRows(
      p,
      {
        progress_date: p.progressDate,
        completed: p.completed,
        completed_at: p.completedAt,
        spiritual_connection: p.spiritualConnection,
        prayed_at: p.prayedAt,
      },
      p.progressDate,
    ),
  },
};
