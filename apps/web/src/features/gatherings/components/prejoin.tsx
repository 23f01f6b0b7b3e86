import { Mic, MicOff, Video, VideoOff } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { GatheringDetail } from "@shepherd/shared/gatherings";
import { GatheringTime } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { PageHeading } from "@/components/ui/page";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { useMe } from "@/lib/session";
import {
  listDevices,
  openLocalMedia,
  setJoinHandoff,
  stopStream,
  useAudioLevel,
  type Devices,
  type MediaProblem,
  type VideoQuality,
} from "../media/local-media";

export const JOIN_MARK = "gathering-join";

const PROBLEMS: Record<MediaProblem, { title: string; text: string }> = {
  denied: {
    title: "Camera and microphone are blocked",
    text: "Your browser was told not to share them with Shepherd. Allow the camera and microphone in the address bar's site settings, then try again. You can still join to listen and chat.",
  },
  "no-camera": {
    title: "No camera found",
    text: "Your brothers will hear you but not see you. Plug in a camera and try again, or join with your voice.",
  },
  "no-devices": {
    title: "No camera or microphone found",
    text: "You can still join to see and hear your brothers and to chat.",
  },
  failed: {
    title: "Your camera could not start",
    text: "Another app may be using it. Close it and try again, or join without it.",
  },
};

function LevelMeter({ stream, muted }: { stream: MediaStream | null; muted: boolean }) {
  const level = useAudioLevel(muted ? null : stream);
  const percent = Math.round(level * 100);
  return (
    <div className="space-y-1">
      <div
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="mic-level"
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
      >
        <div className="h-full bg-pasture-600 dark:bg-gold-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-stone-600 dark:text-stone-400">
        {muted ? "Your microphone is off." : "Say something: the bar moves when we hear you."}
      </p>
    </div>
  );
}

/** The pre-join screen: his preview, microphone level, devices, toggles, his name, who is inside, and Join. */
export function PreJoin({ gathering }: { gathering: GatheringDetail }) {
  const navigate = useNavigate();
  const me = useMe();
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [opening, setOpening] = useState(true);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string>("");
  const [micId, setMicId] = useState<string>("");
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [quality, setQuality] = useState<VideoQuality>("normal");
  const [attempt, setAttempt] = useState(0);
  const handedOff = useRef(false);
  const streamRef = useRef<MediaStream | null>(null);
  const lowId = useId();

  useEffect(() => {
    let cancelled = false;
    setOpening(true);
    void openLocalMedia({ cameraId: cameraId || undefined, micId: micId || undefined, quality }).then(async (media) => {
      if (cancelled) {
        stopStream(media.stream);
        return;
      }
      stopStream(streamRef.current);
      streamRef.current = media.stream;
      setStream(media.stream);
      setProblem(media.problem);
      setOpening(false);
      setDevices(await listDevices());
    });
    return () => {
      cancelled = true;
    };
  }, [cameraId, micId, quality, attempt]);

  // Leaving without joining gives the camera back.
  useEffect(
    () => () => {
      if (!handedOff.current) stopStream(streamRef.current);
    },
    [],
  );

  useEffect(() => {
    if (preview.current && preview.current.srcObject !== stream) preview.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [stream, muted]);
  useEffect(() => {
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
  }, [stream, cameraOff]);

  const hasVideo = Boolean(stream?.getVideoTracks().length);
  const hasAudio = Boolean(stream?.getAudioTracks().length);
  const full = gathering.inside.length >= gathering.capacity;
  const name = me.data?.profile.display_name ?? me.data?.user.name ?? "";

  const join = useCallback(() => {
    performance.clearMarks();
    performance.mark(JOIN_MARK);
    handedOff.current = true;
    setJoinHandoff({
      roomName: gathering.room_name,
      stream,
      muted: muted || !hasAudio,
      cameraOff: cameraOff || !hasVideo,
      quality,
      joinedAt: performance.now(),
    });
    void navigate(`/pasture/gathering/${gathering.room_name}`);
  }, [gathering.room_name, stream, muted, hasAudio, cameraOff, hasVideo, quality, navigate]);

  return (
    <div className="space-y-5">
      <PageHeading title={gathering.title} description={<GatheringTime gathering={gathering} />}>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {gathering.flock.name}
          {gathering.series_session ? ` · ${gathering.series_session.series_title}: ${gathering.series_session.title}` : ""}
        </p>
      </PageHeading>
      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-3">
          <div className="relative aspect-video overflow-hidden rounded-2xl bg-stone-900">
            <video
              ref={preview}
              autoPlay
              playsInline
              muted
              aria-label="Your camera preview"
              data-testid="preview"
              className={cn("h-full w-full -scale-x-100 object-cover", (!hasVideo || cameraOff) && "invisible")}
            />
            {!hasVideo || cameraOff ? (
              <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-stone-200">
                {opening ? "Starting your camera..." : hasVideo ? "Your camera is off" : "No camera"}
              </p>
            ) : null}
          </div>
          {problem ? (
            <Card role="alert" data-testid={`media-problem-${problem}`} className="space-y-2 border-gold-400">
              <h2 className="font-semibold text-pasture-900 dark:text-gold-300">{PROBLEMS[problem].title}</h2>
              <p className="text-sm text-stone-700 dark:text-stone-300">{PROBLEMS[problem].text}</p>
              <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Card>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={muted ? "danger" : "secondary"}
              aria-pressed={muted}
              disabled={!hasAudio}
              onClick={() => setMuted((m) => !m)}
            >
              {muted ? <MicOff aria-hidden="true" className="h-4 w-4" /> : <Mic aria-hidden="true" className="h-4 w-4" />}
              {muted ? "Microphone off" : "Microphone on"}
            </Button>
            <Button
              variant={cameraOff ? "danger" : "secondary"}
              aria-pressed={cameraOff}
              disabled={!hasVideo}
              onClick={() => setCameraOff((c) => !c)}
            >
              {cameraOff ? <VideoOff aria-hidden="true" className="h-4 w-4" /> : <Video aria-hidden="true" className="h-4 w-4" />}
              {cameraOff ? "Camera off" : "Camera on"}
            </Button>
          </div>
          {hasAudio ? <LevelMeter stream={stream} muted={muted} /> : null}
        </div>
        <div className="space-y-4">
          <Card className="space-y-4">
            {devices.cameras.length > 0 ? (
              <Field label="Camera">
                {({ id }) => (
                  <Select
                    id={id}
                    value={cameraId || stream?.getVideoTracks()[0]?.getSettings().deviceId || ""}
                    onChange={(e) => setCameraId(e.target.value)}
                  >
                    {devices.cameras.map((d, i) => (
                      <option key={d.deviceId} value={d.deviceId}>
                        {d.label || `Camera ${i + 1}`}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            {devices.microphones.length > 0 ? (
              <Field label="Microphone">
                {({ id }) => (
                  <Select
                    id={id}
                    value={micId || stream?.getAudioTracks()[0]?.getSettings().deviceId || ""}
                    onChange={(e) => setMicId(e.target.value)}
                  >
                    {devices.microphones.map((d, i) => (
                      <option key={d.deviceId} value={d.deviceId}>
                        {d.label || `Microphone ${i + 1}`}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            <div className="flex items-center justify-between gap-3">
              <span id={lowId} className="text-sm">
                Low bandwidth (small video)
              </span>
              <Switch
                aria-labelledby={lowId}
                checked={quality === "low"}
                onChange={(low) => setQuality(low ? "low" : "normal")}
              />
            </div>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              You'll appear as <span className="font-semibold">{name}</span>.{" "}
              <Link to="/settings" className="underline">
                Change your name
              </Link>
            </p>
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold text-pasture-900 dark:text-stone-50">Who's inside</h2>
            {gathering.inside.length === 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">
                No one yet.{gathering.status === "scheduled" ? " The host hasn't started; you can wait inside." : ""}
              </p>
            ) : (
              <ul data-testid="inside" className="space-y-1 text-sm">
                {gathering.inside.map((p) => (
                  <li key={p.user_id}>{p.name}</li>
                ))}
              </ul>
            )}
            {full ? (
              <p role="status" className="text-sm font-medium text-red-700 dark:text-red-400">
                The gathering is full ({gathering.capacity} brothers). Wait for someone to leave.
              </p>
            ) : null}
            <Button size="lg" className="w-full" disabled={opening || full} onClick={join}>
              Join
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}
