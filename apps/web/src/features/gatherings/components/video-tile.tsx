import { Hand, MicOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/cn";
import { SPEAKING_LEVEL, useAudioLevel } from "../media/local-media";

/** performance marks the bench reads: Join pressed, and the first frame of a brother's video drawn. */
export const FIRST_REMOTE_FRAME_MARK = "gathering-first-remote-frame";

/**
 * One person's video: his name, muted and raised-hand marks, and a ring while he speaks. His own is muted (no echo)
 * and mirrored. With the camera off, his initial shows; the element stays for the sound.
 */
export function VideoTile(props: {
  stream: MediaStream | null | undefined;
  name: string;
  local?: boolean;
  muted: boolean;
  cameraOff: boolean;
  hand: boolean;
  host?: boolean;
  peer?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const level = useAudioLevel(props.stream);
  const speaking = !props.muted && level > SPEAKING_LEVEL;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== (props.stream ?? null)) element.srcObject = props.stream ?? null;
    if (props.stream) void element.play().catch(() => undefined);
    if (props.local || !props.stream || !("requestVideoFrameCallback" in element)) return;
    const handle = element.requestVideoFrameCallback(() => {
      if (performance.getEntriesByName(FIRST_REMOTE_FRAME_MARK).length === 0) performance.mark(FIRST_REMOTE_FRAME_MARK);
    });
    return () => element.cancelVideoFrameCallback(handle);
  }, [props.stream, props.local]);

  const initial = Array.from(props.name.trim())[0]?.toUpperCase() ?? "?";
  return (
    <figure
      data-testid={props.local ? "local-tile" : "remote-tile"}
      data-peer={props.peer}
      data-speaking={speaking}
      className={cn(
        "relative aspect-video min-w-0 overflow-hidden rounded-xl bg-stone-900 ring-offset-2 ring-offset-white dark:ring-offset-stone-950",
        speaking ? "ring-4 ring-gold-400" : "ring-0",
      )}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted={props.local}
        aria-label={props.local ? "Your video" : `${props.name}'s video`}
        className={cn("h-full w-full object-cover", props.local && "-scale-x-100", props.cameraOff && "invisible")}
      />
      {props.cameraOff ? (
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-pasture-700 text-2xl font-semibold text-white">
            {initial}
          </span>
        </span>
      ) : null}
      <figcaption className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 bg-gradient-to-t from-black/80 to-transparent px-2 py-1.5 text-sm text-white">
        <span className="min-w-0 truncate">
          {props.name}
          {props.local ? " (you)" : ""}
          {props.host ? " · host" : ""}
        </span>
        {props.muted ? <MicOff role="img" aria-label="Muted" className="h-4 w-4 shrink-0" /> : null}
        {props.hand ? <Hand role="img" aria-label="Hand raised" className="h-4 w-4 shrink-0 text-gold-300" /> : null}
        {speaking ? <span className="sr-only">Speaking</span> : null}
      </figcaption>
    </figure>
  );
}
