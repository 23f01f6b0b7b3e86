import { useParams } from "react-router";
import { ROOM_NAME } from "@shepherd/shared/gatherings";
import { LoadFailure, Loading } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useGathering } from "../api/get-gathering";
import { PreJoin } from "../components/prejoin";
import { RoomNotice } from "../components/room-notice";

/** /pasture/gathering/{roomName}/join: the pre-join screen. */
export function GatheringJoinPage() {
  const roomName = useParams().roomName ?? "";
  const valid = ROOM_NAME.test(roomName);
  const gathering = useGathering(roomName, { poll: true, enabled: valid });
  if (!valid || hasStatus(gathering.error, 404)) {
    return (
      <RoomNotice
        title="No gathering here"
        message="There is no gathering at this address. Check the link, or find your flock's gatherings."
      />
    );
  }
  if (hasStatus(gathering.error, 403)) {
    return <RoomNotice title="Not your flock's gathering" message={gathering.error!.message} />;
  }
  if (gathering.isPending) {
    return (
      <Loading label="Loading the gathering" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="aspect-video w-full rounded-2xl" />
      </Loading>
    );
  }
  if (!gathering.data) {
    return (
      <LoadFailure
        title="Something went wrong"
        message="We couldn't load this gathering. Please check your connection and try again."
        onRetry={() => void gathering.refetch()}
      />
    );
  }
  if (gathering.data.status === "ended") {
    return (
      <RoomNotice
        title="This gathering has ended"
        message={`"${gathering.data.title}" is over. Your flock's next gathering shows in your list.`}
      />
    );
  }
  return <PreJoin gathering={gathering.data} />;
}
