import { Navigate, useParams } from "react-router";
import { LoadFailure, Loading } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useMe } from "@/lib/session";
import { useGathering } from "../api/get-gathering";
import { readJoinHandoff } from "../media/local-media";
import { Room } from "../components/room";
import { RoomNotice } from "../components/room-notice";

/** /pasture/gathering/{roomName}: the video room (reached through the pre-join screen, which hands over his camera). */
export function GatheringRoomPage() {
  const roomName = useParams().roomName ?? "";
  const handoff = readJoinHandoff(roomName);
  const gathering = useGathering(roomName);
  const me = useMe();
  if (!handoff) return <Navigate to={`/pasture/gathering/${roomName}/join`} replace />;
  if (hasStatus(gathering.error, 404, 403)) return <Navigate to={`/pasture/gathering/${roomName}/join`} replace />;
  if (gathering.isPending || !me.data) {
    return (
      <Loading label="Entering the gathering" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="aspect-video w-full rounded-2xl" />
      </Loading>
    );
  }
  if (!gathering.data) {
    return (
      <LoadFailure
        title="Something went wrong"
        message="We couldn't load this gathering. Please try again."
        onRetry={() => void gathering.refetch()}
      />
    );
  }
  if (gathering.data.status === "ended") {
    return <RoomNotice title="This gathering has ended" message={`"${gathering.data.title}" is over.`} />;
  }
  return <Room gathering={gathering.data} handoff={handoff} myId={me.data.user.id} />;
}
