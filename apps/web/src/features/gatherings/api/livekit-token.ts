import { api } from "@/lib/api";

/** POST /api/gatherings/:room/livekit-token: a LiveKit join token for this room (only when the server runs LiveKit). */
export function livekitToken(roomName: string) {
  return api<{ url: string; token: string }>(`/api/gatherings/${encodeURIComponent(roomName)}/livekit-token`, { body: {} });
}
