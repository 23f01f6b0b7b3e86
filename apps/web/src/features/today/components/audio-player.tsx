import { Pause, Play, Volume2, VolumeX, X } from "lucide-react";
import { useEffect, useRef, useState, type Ref } from "react";
import { nextPlaybackSpeed } from "@shepherd/shared/today";

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return "0:00";
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Spec sections 2 and 4: the fixed audio player at the bottom (above the tab bar, --shell-tab-bar-height; beside
 * a wide screen's sidebar when the app shell has one, --shell-sidebar-width):
 * play/pause, seek, volume, mute and speed cycling 1, 1.25, 1.5, 1.75, 2. It autoplays when it can play and reports
 * the time so the text can follow along, and whether it plays, so the hero's Listen button can be its Play/Pause too.
 * Loaded once audio is asked for.
 */
export function AudioPlayer(props: {
  src: string;
  title: string;
  onTime: (time: number, duration: number) => void;
  onClose: () => void;
  onEnded?: () => void;
  onPlayingChange?: (playing: boolean) => void;
  /** The <audio> element, for the hero's Play/Pause. */
  onAudioElement?: (element: HTMLAudioElement | null) => void;
  /** The player's box, so Today can keep its action bar and the page's end clear of it. */
  ref?: Ref<HTMLDivElement>;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlayingState] = useState(false);
  const { onPlayingChange, onAudioElement } = props;
  const setPlaying = (next: boolean) => {
    setPlayingState(next);
    onPlayingChange?.(next);
  };
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const { onTime } = props;

  useEffect(() => {
    // The source is given once the player is on the page, not while it is rendered: a lazily loaded player may wait
    // a moment between render and commit (React throttles a Suspense reveal), and the audio's first events
    // (its length, "can play") would fire before anything listens and be lost: no seeking, no autoplay.
    const el = audio.current;
    if (!el) return;
    el.src = props.src;
    el.load();
  }, [props.src]);
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.playbackRate = speed;
  }, [speed]);
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = volume;
    el.muted = muted;
  }, [volume, muted]);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch((error: unknown) => console.error("audio could not play", error));
    else el.pause();
  };

  return (
    <div
      ref={props.ref}
      role="region"
      aria-label="Audio player"
      style={{ bottom: "var(--shell-tab-bar-height, 4rem)" }}
      className="fixed inset-x-0 z-30 border-t lg:left-[var(--shell-sidebar-width,0px)] border-stone-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur dark:border-stone-800 dark:bg-stone-950/95"
    >
      <audio
        ref={(element) => {
          audio.current = element;
          onAudioElement?.(element);
        }}
        preload="auto"
        data-testid="devotional-audio"
        onCanPlay={(e) => {
          // Spec: audio autoplays when it can play.
          if (!playing && e.currentTarget.currentTime === 0) void e.currentTarget.play().catch(() => undefined);
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
          onTime(e.currentTarget.currentTime, e.currentTarget.duration);
        }}
        onEnded={() => {
          onTime(0, 0);
          props.onEnded?.();
        }}
      />
      <div className="mx-auto max-w-3xl space-y-1">
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? "Pause" : "Play"}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pasture-700 text-white"
          >
            {playing ? <Pause aria-hidden="true" className="h-5 w-5" /> : <Play aria-hidden="true" className="h-5 w-5" />}
          </button>
          <div className="min-w-0 flex-1">
            <p className="truncate text-xs font-medium">{props.title}</p>
            <div className="flex items-center gap-2 text-xs tabular-nums">
              <span>{clock(time)}</span>
              <input
                type="range"
                aria-label="Seek"
                min={0}
                max={duration || 0}
                step={0.1}
                value={time}
                onChange={(e) => {
                  const el = audio.current;
                  if (el) el.currentTime = Number(e.target.value);
                }}
                className="h-1 flex-1 accent-pasture-700"
              />
              <span>{clock(duration)}</span>
            </div>
          </div>
          <button type="button" onClick={props.onClose} aria-label="Close player" className="h-9 w-9 shrink-0 rounded-lg">
            <X aria-hidden="true" className="mx-auto h-5 w-5" />
          </button>
        </div>
        {/* Speed, mute and volume on a row of their own, so a phone's width still fits every control. */}
        <div className="flex items-center justify-end gap-2">
          <button
            type="button"
            onClick={() => setSpeed(nextPlaybackSpeed(speed))}
            aria-label={`Playback speed ${speed}x`}
            className="h-8 min-w-12 rounded-lg border border-stone-300 px-2 text-xs font-semibold dark:border-stone-700"
          >
            {speed}x
          </button>
          <button
            type="button"
            onClick={() => setMuted(!muted)}
            aria-label={muted ? "Unmute" : "Mute"}
            className="h-8 w-8 rounded-lg"
          >
            {muted ? (
              <VolumeX aria-hidden="true" className="mx-auto h-5 w-5" />
            ) : (
              <Volume2 aria-hidden="true" className="mx-auto h-5 w-5" />
            )}
          </button>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) => {
              setVolume(Number(e.target.value));
              setMuted(false);
            }}
            className="w-28 accent-pasture-700"
          />
        </div>
      </div>
    </div>
  );
}
