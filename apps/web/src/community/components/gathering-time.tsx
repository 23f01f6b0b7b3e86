import { formatGatheringTime, timeZoneName, type GatheringSummary } from "@shepherd/shared/gatherings";
import { localTimeZone } from "@/lib/time-zone";

/** When it is, in his own time zone; and in the host's when that is another one. */
export function GatheringTime({ gathering }: { gathering: Pick<GatheringSummary, "starts_at" | "time_zone" | "status"> }) {
  if (gathering.status === "live") return <span className="font-medium text-pasture-800 dark:text-gold-300">Live now</span>;
  const mine = localTimeZone();
  const ownZone = timeZoneName(gathering.starts_at, mine);
  const hostZone = timeZoneName(gathering.starts_at, gathering.time_zone);
  return (
    <span>
      <time dateTime={gathering.starts_at}>
        {formatGatheringTime(gathering.starts_at, mine)} ({ownZone})
      </time>
      {hostZone !== ownZone ? (
        <span className="block text-xs text-stone-600 dark:text-stone-400">
          Host's time: {formatGatheringTime(gathering.starts_at, gathering.time_zone)} ({hostZone})
        </span>
      ) : null}
    </span>
  );
}
