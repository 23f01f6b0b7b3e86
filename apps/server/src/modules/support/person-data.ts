import type { PersonData } from "../../db/person-data";
import { exportRequests } from "./service";

/** His support requests and their threads; deleting his account deletes them (support_requests cascades). */
export const supportData: PersonData = {
  export: { support_requests: exportRequests },
};
