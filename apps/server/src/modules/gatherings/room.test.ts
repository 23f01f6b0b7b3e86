import { describe, expect, test } from "vitest";
import { GATHERING_CAPACITY, GATHERING_CHAT_KEPT } from "@shepherd/shared";
import { applyEvent, initialRoom, replay, serversOf, unheldParticipants, type RoomEvent, type RoomState } from "./room";

const at = "2026-11-26T19:00:00.000Z";
const join = (peer: string, userId = `user-${peer}`, name = `Name ${peer}`): RoomEvent => ({
  kind: "join",
  peer,
  userId,
  name,
  muted: false,
  cameraOff: false,
  at,
});

/** The host (user-h on peer h) and two brothers (a, b) inside. */
function roomOfThree(): RoomState {
  return replay(initialRoom("user-h"), [join("h"), join("a"), join("b")]);
}

describe("the room's signaling state machine", () => {
  test("join: the newcomer is welcomed with everyone inside and the chat; the others hear he joined", () => {
    const first = applyEvent(initialRoom("user-h"), join("h"));
    expect(first.effects).toEqual([
      {
        to: "h",
        message: {
          type: "welcome",
          you: "h",
          host_id: "user-h",
          participants: [expect.objectContaining({ peer: "h", user_id: "user-h", hand: false })],
          chat: [],
        },
      },
    ]);
    const second = applyEvent(first.state, join("a"));
    expect(second.state.participants.map((p) => p.peer)).toEqual(["h", "a"]);
    expect(second.effects.map((e) => [e.to, e.message.type])).toEqual([
      ["a", "welcome"],
      ["h", "joined"],
    ]);
    // The same peer joining twice changes nothing.
    expect(applyEvent(second.state, join("a"))).toEqual({ state: second.state, effects: [] });
  });

  test(`join: a seventh is refused while ${GATHERING_CAPACITY} are inside, and his socket is closed as full`, () => {
    const full = replay(
      initialRoom("user-h"),
      Array.from({ length: GATHERING_CAPACITY }, (_, i) => join(`p${i}`)),
    );
    const refused = applyEvent(full, join("late"));
    expect(refused.state).toBe(full);
    expect(refused.effects).toEqual([
      { to: "late", message: { type: "error", code: "full", message: expect.stringContaining("full") }, close: "full" },
    ]);
    // One leaves: now there is room.
    const after = applyEvent(applyEvent(full, { kind: "leave", peer: "p3" }).state, join("late"));
    expect(after.state.participants).toHaveLength(GATHERING_CAPACITY);
  });

  test("offer, answer and candidate go to the one peer they are for, from the one who sent them", () => {
    const room = roomOfThree();
    for (const signal of ["offer", "answer", "candidate"] as const) {
      const t = applyEvent(room, { kind: "signal", from: "b", to: "a", signal, data: { sdp: signal } });
      expect(t.state).toBe(room);
      expect(t.effects).toEqual([{ to: "a", message: { type: "signal", from: "b", kind: signal, data: { sdp: signal } } }]);
    }
    // To someone who left: the sender hears it; from someone not inside: nothing at all.
    expect(applyEvent(room, { kind: "signal", from: "b", to: "gone", signal: "offer", data: null }).effects).toEqual([
      { to: "b", message: { type: "error", code: "gone", message: expect.any(String) } },
    ]);
    expect(applyEvent(room, { kind: "signal", from: "stranger", to: "a", signal: "offer", data: null }).effects).toEqual([]);
  });

  test("leave: the others hear he left; leaving twice is nothing", () => {
    const t = applyEvent(roomOfThree(), { kind: "leave", peer: "a" });
    expect(t.state.participants.map((p) => p.peer)).toEqual(["h", "b"]);
    expect(t.effects).toEqual([
      { to: "h", message: { type: "left", peer: "a", reason: "left" } },
      { to: "b", message: { type: "left", peer: "a", reason: "left" } },
    ]);
    expect(applyEvent(t.state, { kind: "leave", peer: "a" }).effects).toEqual([]);
  });

  test("chat reaches everyone inside (the sender too) and is kept for latecomers, the newest lines only", () => {
    const t = applyEvent(roomOfThree(), { kind: "chat", peer: "a", id: "m1", text: "Amen", at });
    expect(t.effects.map((e) => e.to)).toEqual(["h", "a", "b"]);
    expect(t.effects[0]!.message).toEqual({
      type: "chat",
      message: { id: "m1", peer: "a", user_id: "user-a", name: "Name a", text: "Amen", at },
    });
    const late = applyEvent(t.state, join("c"));
    expect(late.effects[0]!.message).toMatchObject({ type: "welcome", chat: [{ id: "m1", text: "Amen" }] });

    const many = replay(
      t.state,
      Array.from({ length: GATHERING_CHAT_KEPT + 5 }, (_, i): RoomEvent => ({
        kind: "chat",
        peer: "b",
        id: `x${i}`,
        text: `${i}`,
        at,
      })),
    );
    expect(many.chat).toHaveLength(GATHERING_CHAT_KEPT);
    expect(many.chat.at(-1)!.id).toBe(`x${GATHERING_CHAT_KEPT + 4}`);
  });

  test("state: muted, camera and a raised hand are kept and told to everyone", () => {
    const t = applyEvent(roomOfThree(), { kind: "state", peer: "b", hand: true, muted: true });
    expect(t.state.participants.find((p) => p.peer === "b")).toMatchObject({ hand: true, muted: true, camera_off: false });
    expect(t.effects).toHaveLength(3);
    expect(t.effects[0]!.message).toEqual({ type: "state", peer: "b", muted: true, camera_off: false, hand: true });
    const lowered = applyEvent(t.state, { kind: "state", peer: "b", hand: false });
    expect(lowered.state.participants.find((p) => p.peer === "b")).toMatchObject({ hand: false, muted: true });
  });

  test("mute: the host asks one brother's browser to mute; anyone else is refused", () => {
    const room = roomOfThree();
    expect(applyEvent(room, { kind: "mute", by: "h", target: "b" }).effects).toEqual([
      { to: "b", message: { type: "mute-request", by: "h" } },
    ]);
    expect(applyEvent(room, { kind: "mute", by: "a", target: "b" }).effects).toEqual([
      { to: "a", message: { type: "error", code: "not-host", message: expect.any(String) } },
    ]);
  });

  test("remove: the host removes a brother (every tab of his); he cannot come back, and the host cannot remove himself", () => {
    const room = applyEvent(roomOfThree(), join("a2", "user-a")).state;
    const t = applyEvent(room, { kind: "remove", by: "h", target: "a" });
    expect(t.state.participants.map((p) => p.peer)).toEqual(["h", "b"]);
    expect(t.effects).toEqual([
      { to: "a", message: { type: "removed" }, close: "removed" },
      { to: "a2", message: { type: "removed" }, close: "removed" },
      { to: "h", message: { type: "left", peer: "a", reason: "removed" } },
      { to: "b", message: { type: "left", peer: "a", reason: "removed" } },
      { to: "h", message: { type: "left", peer: "a2", reason: "removed" } },
      { to: "b", message: { type: "left", peer: "a2", reason: "removed" } },
    ]);
    expect(applyEvent(t.state, join("a3", "user-a")).effects).toEqual([
      { to: "a3", message: { type: "error", code: "removed", message: expect.any(String) }, close: "removed" },
    ]);
    expect(applyEvent(room, { kind: "remove", by: "b", target: "a" }).effects[0]!.message).toMatchObject({ code: "not-host" });
    expect(applyEvent(room, { kind: "remove", by: "h", target: "h" }).effects[0]!.message).toMatchObject({ code: "invalid" });
  });

  test("end: only the host ends it; everyone is told and closed, and no one may join after", () => {
    const room = roomOfThree();
    expect(applyEvent(room, { kind: "end", by: "a" }).effects[0]!.message).toMatchObject({ code: "not-host" });
    const t = applyEvent(room, { kind: "end", by: "h" });
    expect(t.state).toMatchObject({ ended: true, participants: [] });
    expect(t.effects).toEqual(["h", "a", "b"].map((to) => ({ to, message: { type: "ended" }, close: "ended" })));
    expect(applyEvent(t.state, join("c")).effects).toEqual([
      { to: "c", message: { type: "error", code: "ended", message: "This gathering has ended." }, close: "ended" },
    ]);
    expect(applyEvent(t.state, { kind: "chat", peer: "h", id: "z", text: "hi", at }).effects).toEqual([]);
  });

  test("replaying the same events gives the same room, whichever process replays them", () => {
    const events: RoomEvent[] = [
      join("h"),
      join("a"),
      { kind: "state", peer: "a", hand: true },
      { kind: "chat", peer: "h", id: "1", text: "Welcome", at },
      join("b"),
      { kind: "leave", peer: "a" },
    ];
    expect(replay(initialRoom("user-h"), events)).toEqual(replay(initialRoom("user-h"), events));
    expect(replay(initialRoom("user-h"), events).participants.map((p) => p.peer)).toEqual(["h", "b"]);
  });

  test("each participant's server is known from his join; those held by no living server are the ones to take out", () => {
    const on = (peer: string, server?: string): RoomEvent => ({ ...join(peer), ...(server ? { server } : {}) }) as RoomEvent;
    const room = replay(initialRoom("user-h"), [on("h", "one"), on("a", "two"), on("b", "two"), on("old")]);
    expect(serversOf(room).sort()).toEqual(["one", "two"]);
    expect(unheldParticipants(room, new Set(["one", "two"])).map((p) => p.peer)).toEqual(["old"]);
    expect(unheldParticipants(room, new Set(["one"])).map((p) => p.peer)).toEqual(["a", "b", "old"]);
    const afterLeave = applyEvent(room, { kind: "leave", peer: "a" }).state;
    expect(afterLeave.servers).toEqual({ h: "one", b: "two" });
    expect(unheldParticipants(afterLeave, new Set(["one"])).map((p) => p.peer)).toEqual(["b", "old"]);
  });
});
