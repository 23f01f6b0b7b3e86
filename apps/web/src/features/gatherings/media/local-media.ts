import { useEffect, useState } from "react";

/** Normal video, or small video on a slow line (and in the tests: 160x120 at 10 fps). */
export const VIDEO_QUALITY = {
  normal: { width: 640, height: 360, frameRate: 24 },
  low: { width: 160, height: 120, frameRate: 10 },
} as const;
export type VideoQuality = keyof typeof VIDEO_QUALITY;

export type MediaProblem = "denied" | "no-camera" | "no-devices" | "failed";

export interface LocalMedia {
  stream: MediaStream | null;
  problem: MediaProblem | null;
}

function errorName(error: unknown): string {
  return error instanceof DOMException || error instanceof Error ? error.name : "";
}

/** His camera and microphone (the ones he picked), or why not: permission denied, no camera (audio only), nothing. */
export async function openLocalMedia(options: { cameraId?: string; micId?: string; quality: VideoQuality }): Promise<LocalMedia> {
  if (!navigator.mediaDevices?.getUserMedia) return { stream: null, problem: "no-devices" };
  const q = VIDEO_QUALITY[options.quality];
  const audio: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };
  if (options.micId) audio.deviceId = { exact: options.micId };
  const video: MediaTrackConstraints = {
    width: { ideal: q.width },
    height: { ideal: q.height },
    frameRate: { ideal: q.frameRate, max: q.frameRate },
  };
  if (options.cameraId) video.deviceId = { exact: options.cameraId };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), problem: null };
  } catch (error) {
    const name = errorName(error);
    if (name === "NotAllowedError" || name === "SecurityError") return { stream: null, problem: "denied" };
    if (name !== "NotFoundError" && name !== "OverconstrainedError" && name !== "NotReadableError") {
      return { stream: null, problem: "failed" };
    }
  }
  // No camera (or it is busy): his voice is enough.
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video: false }), problem: "no-camera" };
  } catch (error) {
    return { stream: null, problem: errorName(error) === "NotAllowedError" ? "denied" : "no-devices" };
  }
}

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export async function listDevices(): Promise<Devices> {
  if (!navigator.mediaDevices?.enumerateDevices) return { cameras: [], microphones: [] };
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((d) => d.kind === "videoinput" && d.deviceId),
    microphones: all.filter((d) => d.kind === "audioinput" && d.deviceId),
  };
}

export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

let sharedContext: AudioContext | null = null;
function audioContext(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  sharedContext ??= new AudioContext();
  if (sharedContext.state === "suspended") void sharedContext.resume().catch(() => undefined);
  return sharedContext;
}

/** How loud a stream's audio is now, 0 to 1, read ten times a second (the meter and the speaking ring). */
export function useAudioLevel(stream: MediaStream | null | undefined): number {
  const [level, setLevel] = useState(0);
  const track = stream?.getAudioTracks()[0];
  useEffect(() => {
    if (!stream || !track) {
      setLevel(0);
      return;
    }
    const context = audioContext();
    if (!context) return;
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(track.enabled ? Math.min(1, rms * 4) : 0);
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
    };
  }, [stream, track]);
  return level;
}

/** Above this level a brother is speaking (the ring around his video). */
export const SPEAKING_LEVEL = 0.08;

/** What the pre-join screen hands the room: his stream and choices (kept in memory only, for the next page). */
export interface JoinHandoff {
  roomName: string;
  stream: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  quality: VideoQuality;
  /** performance.now() when he pressed Join (the bench measures Join to the first remote frame). */
  joinedAt: number;
}

let handoff: JoinHandoff | null = null;
export const setJoinHandoff = (value: JoinHandoff | null) => {
  handoff = value;
};
/** In memory only: a reload of the room goes back through the pre-join screen. */
export function readJoinHandoff(roomName: string): JoinHandoff | null {
  return handoff?.roomName === roomName ? handoff : null;
}
