import type { TrackActivityInput } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError } from "../../errors";

const METADATA_LIMIT = 4096;

export async function recordActivity(db: Database, options: TrackActivityInput & { userId: string }): Promise<void> {
  const metadata = options.metadata ?? {};
  if (JSON.stringify(metadata).length > METADATA_LIMIT) {
    throw new AppError("PAYLOAD_TOO_LARGE", "Activity metadata must be 4 KB or smaller.");
  }
  await db.insert(schema.activityEvents).values({
    userId: options.userId,
    actionType: options.action_type,
    pageRoute: options.page_route ?? null,
    metadata,
  });
}
