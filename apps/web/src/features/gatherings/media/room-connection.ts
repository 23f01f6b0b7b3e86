import {
  ROOM_CLOSE,
  type ClientMessage,
  type IceServer,
  type RoomChatMessage,
  type RoomParticipant,
  type ServerMessage,
} from "@shepherd/shared/gatherings";

/**
 * One browser in a gathering: the signaling socket (/api/gatherings/{room}/ws) and, for the mesh, one
 * RTCPeerConnection per brother. The newcomer offers to everyone already inside; they answer. Messages are handled
 * one at a time, in the order they came. The page reads `snapshot()` through useSyncExternalStore.
 */

export type RoomStatus = "connecting" | "in" | "ended" | "removed" | "full" | "refused" | "lost";

export type ChatLine = RoomChatMessage | { id: string; system: true; text: string; at: string };

export interface RoomSnapshot {
  status: RoomStatus;
  you: string | null;
  hostId: string | null;
  participants: RoomParticipant[];
  chat: ChatLine[];
  /** Remote video and audio by peer. */
  streams: Record<string, MediaStream>;
  error: string | null;
  /** Set when the host asked this browser to mute (the page mutes and tells him). */
  mutedByHost: number;
}

/** A media layer other than the mesh (LiveKit): it brings remote streams by user id. */
export interface ExternalMedia {
  close(): void;
}

export class RoomConnection {
  private socket: WebSocket | null = null;
  private peers = new Map<string, RTCPeerConnection>();
  private pendingCandidates = new Map<string, RTCIceCandidateInit[]>();
  private queue: Promise<void> = Promise.resolve();
  private listeners = new Set<() => void>();
  private state: RoomSnapshot = {
    status: "connecting",
    you: null,
    hostId: null,
    participants: [],
    chat: [],
    streams: {},
    error: null,
    mutedByHost: 0,
  };
  private closedByUs = false;

  constructor(
    private readonly options: {
      roomName: string;
      stream: MediaStream | null;
      muted: boolean;
      cameraOff: boolean;
      iceServers: IceServer[];
      /** false when LiveKit carries the media: the socket is only for the room (people, chat, host). */
      mesh: boolean;
    },
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  private set(patch: Partial<RoomSnapshot>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  connect() {
    // React's development mode mounts twice (connect, close, connect): each connect is a fresh start.
    this.closedByUs = false;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/api/gatherings/${encodeURIComponent(this.options.roomName)}/ws`);
    this.socket = socket;
    socket.onopen = () => this.send({ type: "join", muted: this.options.muted, camera_off: this.options.cameraOff });
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      this.queue = this.queue.then(() => this.handle(message)).catch((error: unknown) => console.error(error));
    };
    socket.onclose = (event) => {
      this.closePeers();
      if (this.closedByUs) return;
      if (event.code === ROOM_CLOSE.ended) this.set({ status: "ended" });
      else if (event.code === ROOM_CLOSE.removed) this.set({ status: "removed" });
      else if (event.code === ROOM_CLOSE.full) this.set({ status: "full" });
      else if (this.state.status === "connecting") this.set({ status: "refused" });
      else if (this.state.status === "in") this.set({ status: "lost" });
    };
  }

  send(message: ClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  chat(text: string) {
    this.send({ type: "chat", text });
  }

  setState(change: { muted?: boolean; camera_off?: boolean; hand?: boolean }) {
    this.send({ type: "state", ...change });
  }

  /** He leaves: the others are told, every connection closes. */
  leave() {
    this.send({ type: "leave" });
    this.close();
  }

  close() {
    this.closedByUs = true;
    this.closePeers();
    this.socket?.close(1000, "left");
  }

  private closePeers() {
    for (const pc of this.peers.values()) pc.close();
    this.peers.clear();
    this.pendingCandidates.clear();
  }

  private system(text: string) {
    const line: ChatLine = { id: `system-${Date.now()}-${Math.random()}`, system: true, text, at: new Date().toISOString() };
    this.set({ chat: [...this.state.chat, line] });
  }

  private nameOf(peer: string) {
    return this.state.participants.find((p) => p.peer === peer)?.name ?? "A brother";
  }

  private async handle(message: ServerMessage) {
    switch (message.type) {
      case "welcome": {
        this.set({
          status: "in",
          you: message.you,
          hostId: message.host_id,
          participants: message.participants,
          chat: message.chat,
        });
        if (!this.options.mesh) return;
        for (const p of message.participants) {
          if (p.peer !== message.you) await this.offerTo(p.peer);
        }
        return;
      }
      case "joined":
        this.set({ participants: [...this.state.participants, message.participant] });
        this.system(`${message.participant.name} joined`);
        return;
      case "left": {
        const name = this.nameOf(message.peer);
        this.peers.get(message.peer)?.close();
        this.peers.delete(message.peer);
        const streams = { ...this.state.streams };
        delete streams[message.peer];
        this.set({ participants: this.state.participants.filter((p) => p.peer !== message.peer), streams });
        this.system(message.reason === "removed" ? `${name} was removed by the host` : `${name} left`);
        return;
      }
      case "signal":
        if (this.options.mesh) await this.onSignal(message.from, message.kind, message.data);
        return;
      case "chat":
        this.set({ chat: [...this.state.chat, message.message] });
        return;
      case "state":
        this.set({
          participants: this.state.participants.map((p) =>
            p.peer === message.peer ? { ...p, muted: message.muted, camera_off: message.camera_off, hand: message.hand } : p,
          ),
        });
        return;
      case "mute-request":
        this.set({ mutedByHost: this.state.mutedByHost + 1 });
        return;
      case "removed":
        this.set({ status: "removed" });
        return;
      case "ended":
        this.set({ status: "ended" });
        return;
      case "error":
        if (message.code === "full") this.set({ status: "full", error: message.message });
        else if (message.code === "ended") this.set({ status: "ended", error: message.message });
        else if (message.code === "removed") this.set({ status: "removed", error: message.message });
        else this.set({ error: message.message });
        return;
    }
  }

  private peerConnection(peer: string): RTCPeerConnection {
    const existing = this.peers.get(peer);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers as RTCIceServer[] });
    this.peers.set(peer, pc);
    for (const track of this.options.stream?.getTracks() ?? []) pc.addTrack(track, this.options.stream!);
    pc.onicecandidate = (event) => {
      if (event.candidate) this.send({ type: "signal", to: peer, kind: "candidate", data: event.candidate.toJSON() });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.set({ streams: { ...this.state.streams, [peer]: stream } });
    };
    return pc;
  }

  private async offerTo(peer: string) {
    const pc = this.peerConnection(peer);
    // Receive even when he sends nothing (no camera, no microphone).
    if (!this.options.stream?.getVideoTracks().length) pc.addTransceiver("video", { direction: "recvonly" });
    if (!this.options.stream?.getAudioTracks().length) pc.addTransceiver("audio", { direction: "recvonly" });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send({ type: "signal", to: peer, kind: "offer", data: pc.localDescription?.toJSON() ?? offer });
  }

  private async onSignal(from: string, kind: "offer" | "answer" | "candidate", data: unknown) {
    if (kind === "offer") {
      const pc = this.peerConnection(from);
      await pc.setRemoteDescription(data as RTCSessionDescriptionInit);
      await this.flushCandidates(from, pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.send({ type: "signal", to: from, kind: "answer", data: pc.localDescription?.toJSON() ?? answer });
    } else if (kind === "answer") {
      const pc = this.peers.get(from);
      if (!pc) return;
      await pc.setRemoteDescription(data as RTCSessionDescriptionInit);
      await this.flushCandidates(from, pc);
    } else {
      const pc = this.peers.get(from);
      if (!pc || !pc.remoteDescription) {
        this.pendingCandidates.set(from, [...(this.pendingCandidates.get(from) ?? []), data as RTCIceCandidateInit]);
        return;
      }
      await pc.addIceCandidate(data as RTCIceCandidateInit).catch(() => undefined);
    }
  }

  private async flushCandidates(peer: string, pc: RTCPeerConnection) {
    const pending = this.pendingCandidates.get(peer) ?? [];
    this.pendingCandidates.delete(peer);
    for (const candidate of pending) await pc.addIceCandidate(candidate).catch(() => undefined);
  }
}
