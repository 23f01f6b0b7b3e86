import type { PlanDetail } from "@shepherd/shared/path";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { notify, showError } from "@/lib/toast";
import { useChangeSchedule, type ScheduleChange } from "../api/change-schedule";
import { useLeavePlan } from "../api/leave-plan";

const DONE: Record<ScheduleChange, [string, string]> = {
  pause: ["Plan paused", "No new days will open until you resume."],
  resume: ["Welcome back", "You pick up where you stopped."],
  restart: ["Plan restarted", "Day 1 is open again."],
  "reset-schedule": ["Schedule reset", "Your next day is today's."],
};

/** Where I stand in a plan I follow, what to do when I fell behind, and pause, restart or leave. */
export function ProgressPanel({ plan, onCatchUp }: { plan: PlanDetail; onCatchUp: (day: number) => void }) {
  const change = useChangeSchedule();
  const leave = useLeavePlan();
  const navigate = useNavigate();
  const e = plan.enrollment!;
  const run = (what: ScheduleChange) =>
    change.mutate({ planId: plan.id, change: what }, { onSuccess: () => notify(...DONE[what]), onError: showError });
  const onLeave = () => {
    if (!window.confirm(`Leave "${plan.title}"? Your progress in it will be removed.`)) return;
    leave.mutate(plan.id, {
      onSuccess: () => {
        notify("You left the plan", "It's still in the library if you want it again.");
        navigate("/path");
      },
      onError: showError,
    });
  };
  const busy = change.isPending || leave.isPending;
  const status =
    e.status === "completed"
      ? `Finished: all ${plan.day_count} days`
      : e.status === "paused"
        ? `Paused after day ${e.unlocked} of ${plan.day_count}`
        : e.unlocked === 0
          ? `Day 1 opens on ${e.start_date}`
          : `${e.completed_count} of ${plan.day_count} days done`;
  return (
    <Card className="space-y-4" aria-label="Your progress">
      <div className="space-y-2">
        <p className="font-medium text-stone-800 dark:text-stone-200">{status}</p>
        <ProgressBar percent={e.percent} label={`${e.percent}% of the plan done`} />
      </div>
      {e.status === "active" && e.behind > 0 && e.next_day ? (
        <div
          role="status"
          className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:bg-stone-800 dark:text-amber-200"
        >
          <p>
            You have {e.behind} earlier day{e.behind === 1 ? "" : "s"} still open. Catch up at your own pace, or move the plan so
            your next day is today's.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onCatchUp(e.next_day!)}>
              Catch up
            </Button>
            <Button size="sm" variant="secondary" onClick={() => run("reset-schedule")} disabled={busy}>
              Reset schedule
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {e.status === "active" ? (
          <Button size="sm" variant="secondary" onClick={() => run("pause")} disabled={busy}>
            Pause
          </Button>
        ) : null}
        {e.status === "paused" ? (
          <Button size="sm" onClick={() => run("resume")} disabled={busy}>
            Resume
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            if (
              e.status === "completed" ||
              window.confirm("Start this plan again from day 1? Days you marked complete are cleared.")
            )
              run("restart");
          }}
          disabled={busy}
        >
          {e.status === "completed" ? "Start again" : "Restart"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onLeave} disabled={busy}>
          Leave plan
        </Button>
      </div>
    </Card>
  );
}
