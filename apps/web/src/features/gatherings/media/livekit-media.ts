import { Room, RoomEvent, Track, type RemoteParticipant, type RemoteTrack } from "livekit-client";

/**
 * Media through LiveKit (lazy-loaded, only when the server runs LiveKit): his tracks published, every brother's
 * subscribed, gathered into one MediaStream per brother keyed by his user id (LiveKit identity). The room itself
 * (people, chat, hand, host actions) stays on our signaling socket.
 */
export async function joinLivekit(options: {
  url: string;
  token: string;
  stream: MediaStream | null;
  onStreams: (streams: Record<string, MediaStream>) => void;
}): Promise<{ close(): void }> {
  const room = new Room({ adaptiveStream: true, dynacast: true });
  const streams = new Map<string, MediaStream>();
  const emit = () => options.onStreams(Object.fromEntries(streams));
  const add = (track: RemoteTrack, participant: RemoteParticipant) => {
    if (track.kind !== Track.Kind.Video && track.kind !== Track.Kind.Audio) return;
    const stream = streams.get(participant.identity) ?? new MediaStream();
    stream.addTrack(track.mediaStreamTrack);
    streams.set(participant.identity, new MediaStream(stream.getTracks()));
    emit();
  };
  const remove = (track: RemoteTrack, participant: RemoteParticipant) => {
    const stream = streams.get(participant.identity);
    if (!stream) return;
    stream.removeTrack(track.mediaStreamTrack);
    streams.set(participant.identity, new MediaStream(stream.getTracks()));
    emit();
  };
  room.on(RoomEvent.TrackSubscribed, (track, _publication, participant) => add(track, participant));
  room.on(RoomEvent.TrackUnsubscribed, (track, _publication, participant) => remove(track, participant));
  room.on(RoomEvent.ParticipantDisconnected, (participant) => {
    streams.delete(participant.identity);
    emit();
  });
  await room.connect(options.url, options.token);
  for (const track of options.stream?.getTracks() ?? []) {
    await room.localParticipant.publishTrack(track, {
      source: track.kind === "video" ? Track.Source.Camera : Track.Source.Microphone,
    });
  }
  return { close: () => void room.disconnect() };
}
