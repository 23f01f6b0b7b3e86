import { Users } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { PlanDetail } from "@shepherd/shared/path";
import { useFlocks } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useTogether } from "@/features/path/api/get-together";
import { GroupPanel } from "./group-panel";
import { StartTogetherDialog } from "./start-together-dialog";

const linkClass = "font-medium text-pasture-700 underline-offset-2 hover:underline dark:text-gold-300";

/**
 * A plan's page, with the flock: his group for this plan (each brother's days, join or step out), or "Follow with
 * your flock" when he has a flock to follow it with.
 */
export function PlanTogether({ plan }: { plan: PlanDetail }) {
  const groups = useTogether(plan.id);
  const flocks = useFlocks();
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  if (plan.status !== "ready" || plan.day_count === 0 || !groups.data || !flocks.data) return null;
  // A member is in one flock at most.
  const flock = flocks.data.flocks[0];

  if (groups.data.length > 0) {
    return (
      <>
        {groups.data.map((group) => (
          <GroupPanel
            key={group.id}
            groupId={group.id}
            flock={flock}
            focusHeading={started}
            onLeft={() => {
              setStarted(false);
              // The panel gives way to "Follow with your flock": his place is its button.
              requestAnimationFrame(() => startButton.current?.focus());
            }}
          />
        ))}
      </>
    );
  }
  if (!flock) {
    return (
      <p className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
        <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
        <Link to="/flock" className={linkClass}>
          Start a flock to follow plans together
        </Link>
      </p>
    );
  }
  if (flock.member_count < 2) {
    return (
      <p className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
        <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
        <Link to={`/flock?f=${flock.id}`} className={linkClass}>
          Invite brothers to {flock.name} to follow plans together
        </Link>
      </p>
    );
  }
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
      <p className="min-w-0 flex-1 basis-56 text-sm text-stone-700 dark:text-stone-300">
        Follow it with {flock.name}: each of you sees the others' days, and you talk about each day together.
      </p>
      <Button ref={startButton} variant="secondary" onClick={() => setStarting(true)}>
        <Users aria-hidden="true" className="h-4 w-4" />
        Follow with your flock
      </Button>
      <StartTogetherDialog
        open={starting}
        onClose={() => setStarting(false)}
        plan={plan}
        flock={flock}
        onStarted={() => setStarted(true)}
      />
    </Card>
  );
}
