import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";

/** A gathering that cannot be entered (none here, not his flock's, ended, full, removed): why, and a way on. */
export function RoomNotice(props: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-4">
      <PageHeading title={props.title} />
      <Card className="space-y-3" data-testid="room-notice">
        <p role="status">{props.message}</p>
        <div className="flex flex-wrap gap-2">
          {props.children}
          <Link
            to="/pasture/gatherings"
            className="inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
          >
            Your gatherings
          </Link>
        </div>
      </Card>
    </div>
  );
}
