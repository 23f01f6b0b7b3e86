import { Radio, Video } from "lucide-react";
import { Link } from "react-router";
import type { GatheringSummary } from "@shepherd/shared/gatherings";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/lib/session";
import { showError } from "@/lib/toast";
import { useEndGathering } from "../api/end-gathering";
import { useGatherings } from "../api/get-gatherings";
import { GatheringTime } from "./gathering-time";

export const joinPath = (roomName: string) => `/pasture/gathering/${roomName}/join`;

function GatheringItem({ gathering, showFlock, myId }: { gathering: GatheringSummary; showFlock: boolean; myId?: string }) {
  const end = useEndGathering();
  const live = gathering.status === "live";
  const host = gathering.host.display_name ?? (gathering.host.username ? `@${gathering.host.username}` : "A brother");
  return (
    <li
      data-testid="gathering-item"
      className="flex flex-wrap items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pasture-100 text-pasture-800 dark:bg-stone-800 dark:text-gold-300"
      >
        {live ? <Radio className="h-5 w-5" /> : <Video className="h-5 w-5" />}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <h3 className="font-semibold break-words text-pasture-900 dark:text-stone-50">{gathering.title}</h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <GatheringTime gathering={gathering} />
        </p>
        <p className="text-sm break-words text-stone-600 dark:text-stone-400">
          {showFlock ? `${gathering.flock.name} · ` : ""}Hosted by {host}
          {gathering.series_session
            ? ` · ${gathering.series_session.series_title}, session ${gathering.series_session.position}: ${gathering.series_session.title}`
            : ""}
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <Link
          to={joinPath(gathering.room_name)}
          aria-label={`Join ${gathering.title}`}
          className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
        >
          Join
        </Link>
        {myId === gathering.host.id && gathering.status === "scheduled" ? (
          <button
            type="button"
            disabled={end.isPending}
            onClick={() => {
              if (!window.confirm(`Cancel "${gathering.title}"? Your brothers will no longer see it.`)) return;
              end.mutate(gathering.room_name, { onError: showError });
            }}
            className="inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** His upcoming and live gatherings (one flock's, with `flockId`), soonest first, each with a Join link. */
export function GatheringList({ flockId, empty }: { flockId?: string; empty: string }) {
  const gatherings = useGatherings(flockId);
  const me = useMe();
  return (
    <QueryState
      query={gatherings}
      loading={
        <Loading label="Loading gatherings" className="space-y-2">
          <Skeleton className="h-20 w-full rounded-2xl" />
        </Loading>
      }
      error="We couldn't load the gatherings. Please check your connection and try again."
      isEmpty={(data) => data.items.length === 0}
      empty={empty}
      look="plain"
    >
      {(data) => (
        <ul className="space-y-2" aria-label="Upcoming gatherings">
          {data.items.map((g) => (
            <GatheringItem key={g.id} gathering={g} showFlock={!flockId} myId={me.data?.user.id} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
