import type { Devotional } from "@shepherd/shared/api";
import backups from "@content/backup-devotionals.json";

/**
 * Spec sections 2 and 3: three built-in backup devotionals (Ephesians 5:25, Proverbs 27:17, Joshua 24:15), shipped in
 * the app itself so one shows even when the server cannot be reached; chosen by day of year modulo 3.
 * The verse texts are the World English Bible's (a server test checks them against the shipped Bible).
 */
export const BACKUP_PASSAGE_TEXT: Record<string, string> = {
  "Ephesians 5:25": "Husbands, love your wives, even as Christ also loved the assembly, and gave himself up for it;",
  "Proverbs 27:17": "Iron sharpens iron; so a man sharpens his friend’s countenance.",
  "Joshua 24:15":
    "If it seems evil to you to serve Yahweh, choose today whom you will serve; whether the gods which your fathers served that were beyond the River, or the gods of the Amorites, in whose land you dwell; but as for me and my house, we will serve Yahweh.”",
};

export function backupDevotional(index: number, date: string): Devotional {
  const d = backups[index % backups.length]!;
  return {
    id: d.id,
    devotional_date: date,
    title: d.title,
    passage: d.passage,
    passage_text: BACKUP_PASSAGE_TEXT[d.passage] ?? "",
    content: d.body,
    reflection: d.reflection,
    theme: d.theme,
    prayer: d.prayer,
    image_url: null,
  };
}
