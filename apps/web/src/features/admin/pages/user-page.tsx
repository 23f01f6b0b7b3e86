import { useRef, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { AdminUserDetail } from "@shepherd/shared/admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { hasStatus } from "@/lib/api";
import { useDocumentTitle } from "@/lib/document-title";
import { useMe } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useAdminUser } from "../api/get-user";
import { useUserAction, type UserAction } from "../api/user-actions";
import { AuditList } from "../components/audit-list";
import { day, when } from "../components/paged-table";

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-700 dark:text-stone-300">{label}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const DONE: Record<UserAction["kind"], string> = {
  role: "Role changed",
  ban: "Member banned: his sessions have ended",
  unban: "Member unbanned",
  "reset-two-factor": "Two-step verification reset",
  "password-reset": "Password reset mail sent",
};

function Actions({ user, self }: { user: AdminUserDetail; self: boolean }) {
  const action = useUserAction(user.account.id);
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const run = (a: UserAction) =>
    action.mutate(a, {
      onSuccess: () => {
        notify(DONE[a.kind]);
        setBanning(false);
        setReason("");
        heading.current?.focus();
      },
      onError: showError,
    });
  const { account } = user;
  return (
    <Card className="space-y-3">
      <h2 ref={heading} tabIndex={-1} className="font-semibold">
        Actions
      </h2>
      {self ? <p className="text-sm">This is your own account: another admin can remove your admin role or ban you.</p> : null}
      <div className="flex flex-wrap gap-2">
        {account.is_admin ? (
          <Button variant="secondary" disabled={self || action.isPending} onClick={() => run({ kind: "role", admin: false })}>
            Remove admin
          </Button>
        ) : (
          <Button variant="secondary" disabled={action.isPending} onClick={() => run({ kind: "role", admin: true })}>
            Make admin
          </Button>
        )}
        {account.banned ? (
          <Button variant="secondary" disabled={action.isPending} onClick={() => run({ kind: "unban" })}>
            Unban
          </Button>
        ) : (
          <Button
            variant="danger"
            disabled={self || action.isPending}
            aria-expanded={banning}
            onClick={() => setBanning((b) => !b)}
          >
            Ban…
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={!account.two_factor_enabled || action.isPending}
          onClick={() => run({ kind: "reset-two-factor" })}
        >
          Reset two-step verification
        </Button>
        <Button variant="secondary" disabled={action.isPending} onClick={() => run({ kind: "password-reset" })}>
          Send password reset
        </Button>
      </div>
      {banning && !account.banned ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            run({ kind: "ban", reason: reason.trim() || undefined });
          }}
        >
          <label htmlFor="ban-reason" className="block text-sm font-medium">
            Reason (kept in the audit log)
          </label>
          <Input id="ban-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
          <p className="text-sm">He is signed out everywhere at once and cannot sign in until he is unbanned.</p>
          <Button type="submit" variant="danger" disabled={action.isPending}>
            Ban {account.name}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

function UserView({ user, self }: { user: AdminUserDetail; self: boolean }) {
  const { account, profile, subscription, usage } = user;
  useDocumentTitle(`${account.name} · Users · Admin`);
  return (
    <div className="space-y-4">
      <PageHeading title={account.name} description={account.email} />
      <Actions user={user} self={self} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="space-y-2">
          <h2 className="font-semibold">Account</h2>
          <Facts
            rows={[
              ["Role", account.is_admin ? "Admin" : "Member"],
              ["State", account.banned ? `Banned${account.ban_reason ? `: ${account.ban_reason}` : ""}` : "Active"],
              ["Email verified", account.email_verified ? "Yes" : "No"],
              ["Two-step verification", account.two_factor_enabled ? "On" : "Off"],
              ["Joined", day(account.created_at)],
              ["Last active", when(user.last_active_at)],
              ["Signed-in sessions", user.sessions],
              ["Username", profile?.username ? `@${profile.username}` : "—"],
              [
                "Onboarding",
                profile?.onboarding_completed_at ? `Completed ${day(profile.onboarding_completed_at)}` : "Not completed",
              ],
            ]}
          />
        </Card>
        <Card className="space-y-2">
          <h2 className="font-semibold">Subscription</h2>
          <Facts
            rows={[
              ["Premium", subscription.is_premium ? "Yes" : "No"],
              ["Plan", subscription.plan_type ?? "Free"],
              ["Status", subscription.status ?? "—"],
              ["Trial ends", day(subscription.trial_end)],
              ["Period ends", day(subscription.current_period_end)],
              ["Cancels at period end", subscription.cancel_at_period_end ? "Yes" : "No"],
              ["Billing", subscription.provider ?? "—"],
            ]}
          />
        </Card>
        <Card className="space-y-2">
          <h2 className="font-semibold">Usage this month ({usage.month.slice(0, 7)})</h2>
          <Facts
            rows={[
              ["Devotional generations", usage.devotional_generations],
              ["Insight generations", usage.insight_generations],
              ["Audio generations", usage.audio_generations],
              ["Journal entries", usage.journal_entries],
              ["Image generations", usage.image_generations],
              ["AI tokens", usage.total_tokens_used.toLocaleString()],
            ]}
          />
        </Card>
        <Card className="space-y-2">
          <h2 className="font-semibold">Reports against him</h2>
          {user.reports_against.length === 0 ? (
            <p className="text-sm">No one has reported anything he wrote.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {user.reports_against.map((r) => (
                <li key={r.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                  <p className="font-medium">
                    {r.target_type.replace(/_/g, " ")} · {r.status} · {day(r.created_at)}
                  </p>
                  <p className="break-words">“{r.excerpt}”</p>
                  <p>Reason: {r.reason}</p>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/reports" className="text-sm underline underline-offset-2 hover:no-underline">
            Open Reports
          </Link>
        </Card>
      </div>
      <Card className="space-y-2">
        <h2 className="font-semibold">Audit log</h2>
        <AuditList entries={user.audit} empty="No admin has acted on this account." />
      </Card>
    </div>
  );
}

/** /admin/users/:userId: one member's account, subscription, usage, reports and the actions taken on him. */
export function AdminUserRoute() {
  const { userId = "" } = useParams();
  const user = useAdminUser(userId);
  const me = useMe();
  return (
    <div className="space-y-3">
      <Link to="/admin/users" className="text-sm underline underline-offset-2 hover:no-underline">
        ← All members
      </Link>
      <QueryState
        query={user}
        loading={
          <Loading label="Loading the member">
            <Skeleton className="h-64 rounded-xl" />
          </Loading>
        }
        error={(error) => (
          <>
            <PageHeading title="Member" />
            <p role="alert">{hasStatus(error, 404) ? "There is no member with this id." : "This member could not be loaded."}</p>
          </>
        )}
      >
        {(data) => <UserView user={data} self={me.data?.user.id === data.account.id} />}
      </QueryState>
    </div>
  );
}
