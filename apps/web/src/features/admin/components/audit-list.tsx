import type { AdminAuditEntry } from "@shepherd/shared/admin";
import { when } from "./paged-table";

const ACTION_LABEL: Record<string, string> = {
  "user.make_admin": "Made admin",
  "user.remove_admin": "Removed admin",
  "user.ban": "Banned",
  "user.unban": "Unbanned",
  "user.reset_two_factor": "Reset two-step verification",
  "user.send_password_reset": "Sent a password reset",
  "job.retry": "Retried a failed job",
  "support.reply": "Replied",
  "support.status": "Changed the status",
  "report.dismiss": "Dismissed a report",
  "report.remove": "Removed reported content",
  "report.hide": "Hid reported content",
  "report.restore": "Restored reported content",
};

/** Audit log entries: what, by whom, when, and the details. */
export function AuditList({ entries, empty }: { entries: AdminAuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-sm text-stone-700 dark:text-stone-300">{empty}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {entries.map((e) => {
        const details = Object.entries(e.details).filter(([, v]) => v !== null && v !== undefined);
        return (
          <li key={e.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
            <p>
              <span className="font-medium">{ACTION_LABEL[e.action] ?? e.action}</span> · {e.target}
            </p>
            <p className="text-stone-700 dark:text-stone-300">
              by {e.actor_email} · {when(e.created_at)}
            </p>
            {details.length ? (
              <p className="break-words text-stone-700 dark:text-stone-300">
                {details
                  .map(([k, v]) => `${k.replace(/_/g, " ")}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
                  .join(" · ")}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
