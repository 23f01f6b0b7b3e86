import { useId } from "react";
import { HostGathering } from "@/community";

/**
 * "Gather for this session" on a session's page: a Premium member hosts a gathering of one of his flocks around this
 * session (its questions then show beside the video, docs/gatherings.md); a free member sees the gathering_viewing
 * prompt there. The gathering points at the session by its stable id (series_sessions.id).
 */
export function GatherForSession(props: { seriesId: string; sessionId: string; sessionTitle: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-series={props.seriesId}>
      <h2 id={headingId} className="font-serif text-lg font-semibold text-pasture-900 dark:text-stone-50">
        Gather for this session
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Meet your flock on video around these questions. They show beside the video in the room.
      </p>
      <HostGathering seriesSessionId={props.sessionId} defaultTitle={props.sessionTitle} />
    </section>
  );
}
