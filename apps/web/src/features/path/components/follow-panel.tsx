import { useId, useState } from "react";
import { addDays, PLAN_START_MAX_DAYS_AHEAD, type PlanSummary } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useFollowPlan } from "@/lib/path";
import { notify, showError } from "@/lib/toast";

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** Start a plan: today (day 1 opens now), or on a day he chooses. */
export function FollowPanel({ plan, onStarted }: { plan: PlanSummary; onStarted: () => void }) {
  const follow = useFollowPlan();
  const [choosing, setChoosing] = useState(false);
  const today = localToday();
  const [date, setDate] = useState(today);
  const dateId = useId();
  // mutateAsync: the panel gives way to the plan's progress as soon as the plan is followed, before callbacks of
  // mutate() would run.
  const start = (startDate?: string) =>
    follow.mutateAsync({ planId: plan.id, startDate }).then(() => {
      notify(
        "Plan started",
        startDate && startDate !== today ? `Day 1 opens on ${startDate}.` : "Day 1 is open. Ten quiet minutes is enough.",
      );
      onStarted();
    }, showError);
  return (
    <Card className="space-y-3">
      <p className="text-stone-800 dark:text-stone-200">
        One day opens each morning. Miss one and you can catch up, or move the plan to start again from where you are.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Button size="lg" onClick={() => void start()} disabled={follow.isPending}>
          {follow.isPending ? "Starting..." : "Start today"}
        </Button>
        {choosing ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void start(date);
            }}
          >
            <div className="space-y-1">
              <label htmlFor={dateId} className="block text-sm font-medium">
                Start on
              </label>
              <Input
                id={dateId}
                type="date"
                value={date}
                min={today}
                max={addDays(today, PLAN_START_MAX_DAYS_AHEAD)}
                onChange={(event) => setDate(event.target.value)}
                className="w-auto"
              />
            </div>
            <Button type="submit" variant="secondary" disabled={follow.isPending}>
              Start on this day
            </Button>
          </form>
        ) : (
          <Button variant="ghost" onClick={() => setChoosing(true)}>
            Choose a start day
          </Button>
        )}
      </div>
    </Card>
  );
}
