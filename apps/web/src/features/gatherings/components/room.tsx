import { Hand, LogOut, Mic, MicOff, PhoneOff, Send, Video, VideoOff } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { GATHERING_CHAT_MAX, type GatheringDetail, type RoomParticipant } from "@shepherd/shared/gatherings";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/api";
import { notify, notifyError } from "@/lib/toast";
import { livekitToken } from "../api/livekit-token";
import { stopStream, type JoinHandoff } from "../media/local-media";
import { RoomConnection, type ChatLine } from "../media/room-connection";
import { RoomNotice } from "./room-notice";
import { VideoTile } from "./video-tile";

/** 1 alone, 2 side by side from a tablet, 3-4 in two columns, 5-6 in three columns from a laptop. */
function gridClass(count: number): string {
  if (count <= 1) return "grid-cols-1";
  if (count === 2) return "grid-cols-1 sm:grid-cols-2";
  if (count <= 4) return "grid-cols-2";
  return "grid-cols-2 lg:grid-cols-3";
}

type Panel = "chat" | "people" | "questions";

function ChatPanel({ lines, onSend }: { lines: ChatLine[]; onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const inputId = useId();
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lines.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText("");
  };
  return (
    <div className="flex h-full min-h-64 flex-col gap-2">
      <div
        ref={list}
        role="log"
        aria-label="Chat"
        data-testid="chat-log"
        className="max-h-80 min-h-40 flex-1 overflow-y-auto lg:max-h-none"
      >
        <ol className="space-y-2">
          {lines.length === 0 ? <li className="text-sm text-stone-600 dark:text-stone-400">No messages yet.</li> : null}
          {lines.map((line) =>
            "system" in line ? (
              <li key={line.id} className="text-xs text-stone-600 italic dark:text-stone-400">
                {line.text}
              </li>
            ) : (
              <li key={line.id} className="text-sm break-words">
                <span className="font-semibold">{line.name}: </span>
                {line.text}
              </li>
            ),
          )}
        </ol>
      </div>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message your brothers
        </label>
        <Input
          id={inputId}
          value={text}
          maxLength={GATHERING_CHAT_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder="Message your brothers"
        />
        <Button type="submit" aria-label="Send message">
          <Send aria-hidden="true" className="h-4 w-4" />
        </Button>
      </form>
    </div>
  );
}

function PeoplePanel(props: {
  participants: RoomParticipant[];
  you: string | null;
  hostId: string | null;
  amHost: boolean;
  onMute: (peer: string) => void;
  onRemove: (p: RoomParticipant) => void;
}) {
  return (
    <ul aria-label="Participants" data-testid="participants" className="space-y-2">
      {props.participants.map((p) => (
        <li key={p.peer} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate">
            {p.name}
            {p.peer === props.you ? " (you)" : ""}
            {p.user_id === props.hostId ? " · host" : ""}
          </span>
          {p.muted ? (
            <MicOff role="img" aria-label="Muted" className="h-4 w-4" />
          ) : (
            <Mic role="img" aria-label="Microphone on" className="h-4 w-4" />
          )}
          {p.hand ? <Hand role="img" aria-label="Hand raised" className="h-4 w-4 text-gold-600" /> : null}
          {props.amHost && p.peer !== props.you ? (
            <span className="flex gap-1">
              <Button
                size="sm"
                variant="secondary"
                disabled={p.muted}
                onClick={() => props.onMute(p.peer)}
                aria-label={`Mute ${p.name}`}
              >
                Mute
              </Button>
              <Button size="sm" variant="danger" onClick={() => props.onRemove(p)} aria-label={`Remove ${p.name}`}>
                Remove
              </Button>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The room: the video grid, the controls, and beside it the chat, the people and the session's questions. */
export function Room({ gathering, handoff, myId }: { gathering: GatheringDetail; handoff: JoinHandoff; myId: string }) {
  const navigate = useNavigate();
  const mesh = gathering.media === "mesh";
  const connection = useMemo(
    () =>
      new RoomConnection({
        roomName: gathering.room_name,
        stream: handoff.stream,
        muted: handoff.muted,
        cameraOff: handoff.cameraOff,
        iceServers: gathering.ice_servers,
        mesh,
      }),
    [gathering.room_name, gathering.ice_servers, handoff, mesh],
  );
  const room = useSyncExternalStore(connection.subscribe, connection.snapshot);
  const [muted, setMuted] = useState(handoff.muted);
  const [cameraOff, setCameraOff] = useState(handoff.cameraOff);
  const [panel, setPanel] = useState<Panel>(gathering.questions.length > 0 ? "questions" : "chat");
  const [livekitStreams, setLivekitStreams] = useState<Record<string, MediaStream>>({});
  const hasAudio = Boolean(handoff.stream?.getAudioTracks().length);
  const hasVideo = Boolean(handoff.stream?.getVideoTracks().length);

  useEffect(() => {
    connection.connect();
    return () => connection.close();
  }, [connection]);

  useEffect(() => {
    if (mesh) return;
    let media: { close(): void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [{ joinLivekit }, { url, token }] = await Promise.all([
          import("../media/livekit-media"),
          livekitToken(gathering.room_name),
        ]);
        if (cancelled) return;
        media = await joinLivekit({ url, token, stream: handoff.stream, onStreams: setLivekitStreams });
        if (cancelled) media.close();
      } catch (error) {
        notifyError("Video could not connect", errorMessage(error));
      }
    })();
    return () => {
      cancelled = true;
      media?.close();
    };
  }, [mesh, gathering.room_name, handoff.stream]);

  // His tracks follow his toggles; the others see the marks.
  useEffect(() => {
    for (const track of handoff.stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [handoff.stream, muted]);
  useEffect(() => {
    for (const track of handoff.stream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
  }, [handoff.stream, cameraOff]);

  // The host asked this browser to mute.
  const seenMute = useRef(0);
  useEffect(() => {
    if (room.mutedByHost === seenMute.current) return;
    seenMute.current = room.mutedByHost;
    setMuted(true);
    connection.setState({ muted: true });
    notify("The host muted you", "Unmute when you want to speak.");
  }, [room.mutedByHost, connection]);

  useEffect(() => {
    if (room.error && room.status === "in") notifyError("Gathering", room.error);
  }, [room.error, room.status]);

  // Leaving the page (or the room closing) gives the camera back.
  useEffect(() => () => stopStream(handoff.stream), [handoff.stream]);

  const amHost = gathering.host.id === myId;
  const me = room.participants.find((p) => p.peer === room.you);
  const others = room.participants.filter((p) => p.peer !== room.you);
  const streamOf = (p: RoomParticipant) => (mesh ? room.streams[p.peer] : livekitStreams[p.user_id]);

  if (room.status === "ended")
    return (
      <RoomNotice title="The gathering has ended" message="The host ended the gathering for everyone. Thank you for coming." />
    );
  if (room.status === "removed")
    return <RoomNotice title="You left the gathering" message="The host removed you from this gathering." />;
  if (room.status === "full") {
    return (
      <RoomNotice title="The gathering is full" message={room.error ?? "Six brothers are inside. Try again when someone leaves."}>
        <Link
          to={`/pasture/gathering/${gathering.room_name}/join`}
          className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white"
        >
          Back to the pre-join screen
        </Link>
      </RoomNotice>
    );
  }
  if (room.status === "refused" || room.status === "lost") {
    return (
      <RoomNotice
        title={room.status === "lost" ? "The connection was lost" : "We couldn't connect you"}
        message="Check your connection, then join again."
      >
        <Link
          to={`/pasture/gathering/${gathering.room_name}/join`}
          className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white"
        >
          Join again
        </Link>
      </RoomNotice>
    );
  }

  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    connection.setState({ muted: next });
  };
  const toggleCamera = () => {
    const next = !cameraOff;
    setCameraOff(next);
    connection.setState({ camera_off: next });
  };
  const leave = () => {
    connection.leave();
    void navigate("/pasture/gatherings");
  };
  const endForAll = () => {
    if (!window.confirm("End the gathering for everyone?")) return;
    connection.send({ type: "end" });
  };
  const remove = (p: RoomParticipant) => {
    if (!window.confirm(`Remove ${p.name} from this gathering? He will not be able to come back in.`)) return;
    connection.send({ type: "remove", peer: p.peer });
  };

  const tiles = room.status === "connecting" ? 1 : room.participants.length;
  const panelTabs: Array<{ value: Panel; label: string }> = [
    ...(gathering.questions.length > 0 ? [{ value: "questions" as const, label: "Questions" }] : []),
    { value: "chat", label: "Chat" },
    { value: "people", label: `People (${room.participants.length})` },
  ];

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 tabIndex={-1} className="font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">
          {gathering.title}
        </h1>
        <p role="status" className="text-sm text-stone-600 dark:text-stone-400">
          {room.status === "connecting" ? "Connecting..." : `${room.participants.length} inside · ${gathering.flock.name}`}
        </p>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          <div data-testid="video-grid" data-count={tiles} className={cn("grid gap-2", gridClass(tiles))}>
            <VideoTile
              local
              stream={handoff.stream}
              name={me?.name ?? "You"}
              muted={muted}
              cameraOff={cameraOff || !hasVideo}
              hand={me?.hand ?? false}
              host={amHost}
            />
            {others.map((p) => (
              <VideoTile
                key={p.peer}
                peer={p.peer}
                stream={streamOf(p)}
                name={p.name}
                muted={p.muted}
                cameraOff={p.camera_off}
                hand={p.hand}
                host={p.user_id === room.hostId}
              />
            ))}
          </div>
          <div role="toolbar" aria-label="Gathering controls" className="flex flex-wrap justify-center gap-2">
            <Button variant={muted ? "danger" : "secondary"} aria-pressed={muted} disabled={!hasAudio} onClick={toggleMute}>
              {muted ? <MicOff aria-hidden="true" className="h-4 w-4" /> : <Mic aria-hidden="true" className="h-4 w-4" />}
              {muted ? "Unmute" : "Mute"}
            </Button>
            <Button
              variant={cameraOff ? "danger" : "secondary"}
              aria-pressed={cameraOff}
              disabled={!hasVideo}
              onClick={toggleCamera}
            >
              {cameraOff ? <VideoOff aria-hidden="true" className="h-4 w-4" /> : <Video aria-hidden="true" className="h-4 w-4" />}
              {cameraOff ? "Start camera" : "Stop camera"}
            </Button>
            <Button
              variant={me?.hand ? "gold" : "secondary"}
              aria-pressed={me?.hand ?? false}
              disabled={!me}
              onClick={() => connection.setState({ hand: !me?.hand })}
            >
              <Hand aria-hidden="true" className="h-4 w-4" />
              {me?.hand ? "Lower hand" : "Raise hand"}
            </Button>
            <Button variant="secondary" onClick={leave}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Leave
            </Button>
            {amHost ? (
              <Button variant="danger" onClick={endForAll}>
                <PhoneOff aria-hidden="true" className="h-4 w-4" />
                End for all
              </Button>
            ) : null}
          </div>
        </div>
        <aside
          aria-label="Chat, people and questions"
          className="min-w-0 space-y-3 rounded-2xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
        >
          <Tabs label="Show" idBase="room-panel" value={panel} onChange={setPanel} tabs={panelTabs} />
          <TabPanel idBase="room-panel" value={panel}>
            {panel === "chat" ? (
              <ChatPanel lines={room.chat} onSend={(text) => connection.chat(text)} />
            ) : panel === "people" ? (
              <PeoplePanel
                participants={room.participants}
                you={room.you}
                hostId={room.hostId}
                amHost={amHost}
                onMute={(peer) => connection.send({ type: "mute", peer })}
                onRemove={remove}
              />
            ) : (
              <div className="space-y-2">
                {gathering.series_session ? (
                  <p className="text-sm font-medium">
                    {gathering.series_session.title}
                    {gathering.passage ? ` · ${gathering.passage}` : ""}
                  </p>
                ) : null}
                <ol data-testid="questions" className="list-decimal space-y-2 pl-5 text-sm">
                  {gathering.questions.map((q) => (
                    <li key={q}>{q}</li>
                  ))}
                </ol>
              </div>
            )}
          </TabPanel>
        </aside>
      </div>
    </div>
  );
}
