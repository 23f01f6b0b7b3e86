import { eq } from "drizzle-orm";
import { schema, type Database } from "../../db/client";
import type { PersonData } from "../../db/person-data";
import { notFound } from "../../errors";
import type { BillingProvider } from "../../providers/billing/billing";
import { deleteStoredFile, type StorageProvider } from "../../providers/storage/storage";
import { deleteMemberFiles } from "../../providers/storage/member-files";
import { accessData } from "../access/person-data";
import { activityData } from "../activity/person-data";
import { devotionalData } from "../devotional/person-data";
import { errorReportData } from "../error-reports/person-data";
import { experimentData } from "../experiments/person-data";
import { flockData } from "../flock/person-data";
import { gatheringData } from "../gatherings/person-data";
import { insightData } from "../insights/person-data";
import { journalData } from "../journal/person-data";
import { notificationData } from "../notifications/person-data";
import { pastureData } from "../pasture/person-data";
import { pathData } from "../path/person-data";
import { profileData } from "../profiles/person-data";
import { reminderData } from "../reminders/person-data";
import { seriesData } from "../series/person-data";
import { subscriptionData } from "../subscription/person-data";
import { supportData } from "../support/person-data";
import { todayData } from "../today/person-data";
import { whisperData } from "../whispers/person-data";
import { wordData } from "../word/person-data";
import { accountData } from "./person-data";
import { adminData } from "../admin/person-data";
import { forgetAccountThrottles } from "../../auth/throttle";

/**
 * Every area that keeps something about a person. "Download my data" joins their export sections; deleting the
 * account runs their `beforeDelete` and then removes the user, whose rows cascade. An area added later adds itself here.
 */
const AREAS: PersonData[] = [
  accountData,
  profileData,
  activityData,
  notificationData,
  subscriptionData,
  accessData,
  wordData,
  devotionalData,
  todayData,
  journalData,
  whisperData,
  insightData,
  pathData,
  seriesData,
  pastureData,
  gatheringData,
  flockData,
  errorReportData,
  supportData,
  experimentData,
  adminData,
  reminderData,
];

export async function exportAccount(db: Database, userId: string): Promise<Record<string, unknown>> {
  const sections = AREAS.flatMap((area) => Object.entries(area.export));
  const entries = await Promise.all(sections.map(async ([name, section]) => [name, await section(db, userId)] as const));
  return { exported_at: new Date().toISOString(), format: "shepherd-export/1", ...Object.fromEntries(entries) };
}

/** Removes every row of the user (the schema cascades from `users`) and their stored files. */
export async function deleteAccount(
  db: Database,
  storage: StorageProvider,
  billing: BillingProvider,
  userId: string,
): Promise<void> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw notFound("Account");
  const [subscription] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
  if (subscription?.providerSubscriptionId && subscription.status !== "canceled") {
    // Nobody should be charged for an account that no longer exists.
    await billing.cancelNow(subscription.providerSubscriptionId);
  }
  const files: Array<string | null> = [];
  for (const area of AREAS) if (area.beforeDelete) files.push(...(await area.beforeDelete(db, userId)));
  await db.transaction(async (tx) => {
    await tx.delete(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, user.email));
    // Pending reset links and sign-in challenges hold the user's id as their value (no foreign key to cascade).
    await tx.delete(schema.verifications).where(eq(schema.verifications.value, userId));
    await forgetAccountThrottles(tx, { email: user.email, userId });
    await tx.delete(schema.users).where(eq(schema.users.id, userId));
  });
  await Promise.all(files.map((url) => deleteStoredFile(storage, url)));
  // Everything else of his on disk: generated audio, pictures uploaded but never posted.
  await deleteMemberFiles(storage, userId);
}
