import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { encouragementWhispers: t } = schema;

export const whisperData: PersonData = {
  export: {
    whispers: ownRows(t, { message: t.message, trigger_type: t.triggerType, read: t.read, created_at: t.createdAt }, t.createdAt),
  },
};
