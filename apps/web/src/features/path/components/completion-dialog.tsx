import { Link } from "react-router";
import type { PlanDetail } from "@shepherd/shared/path";
import { Dialog } from "@/components/ui/dialog";
import { useLibrary } from "../api/get-library";
import { LibraryCard } from "./plan-card";

/** A plan finished: a moment to mark it, and what to walk next. */
export function CompletionDialog({ plan, open, onClose }: { plan: PlanDetail; open: boolean; onClose: () => void }) {
  const library = useLibrary({});
  const next = (library.data ?? []).filter((p) => !p.enrollment && p.id !== plan.id).slice(0, 2);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`You finished ${plan.title}`}
      description={`${plan.day_count} days, walked one at a time. Well done, good shepherd.`}
    >
      {next.length ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Your next plan</h3>
          <ul className="space-y-2">
            {next.map((p) => (
              <li key={p.id}>
                <LibraryCard plan={p} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Link
        to="/path"
        onClick={onClose}
        className="inline-block text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
      >
        Back to The Path
      </Link>
    </Dialog>
  );
}
