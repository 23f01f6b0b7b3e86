/**
 * "Gather for this session": the place on a session's page where a gathering (a live video meeting of the flock around
 * this session) is scheduled or joined. Gatherings are built separately (issue 16's second half); they point at a
 * session by its stable id (series_sessions.id) and render here. Until then the slot shows nothing, rather than a
 * button that does nothing.
 */
export function GatherForSession(_props: { seriesId: string; sessionId: string; sessionTitle: string }) {
  return null;
}
