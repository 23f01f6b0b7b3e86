import { describe, expect, test } from "vitest";
import { clientMessage, formatGatheringTime, gatheringInput, GATHERING_WS_PATH, timeZoneName } from "./gatherings";
import { mentionAction, NOTIFICATION_TYPES } from "./notifications";

describe("gatherings, shared", () => {
  test("a time shows in the zone asked for, with the zone's short name", () => {
    const at = "2026-03-06T01:30:00.000Z";
    expect(formatGatheringTime(at, "America/Chicago")).toBe("Thursday, March 5 at 7:30 PM");
    expect(formatGatheringTime(at, "Europe/London")).toBe("Friday, March 6 at 1:30 AM");
    expect(timeZoneName(at, "America/Chicago")).toBe("CST");
  });

  test("the bell names gathering notifications", () => {
    expect(NOTIFICATION_TYPES).toContain("gathering_scheduled");
    expect(mentionAction("gathering_scheduled")).toBe("scheduled a gathering for your flock");
    expect(mentionAction("gathering_started")).toBe("started a gathering: join your brothers");
  });

  test("input is checked: the title, the zone, NUL characters, the socket's messages", () => {
    const base = { flock_id: "00000000-0000-4000-8000-000000000000", title: "Psalms", time_zone: "UTC" };
    expect(gatheringInput.safeParse(base).success).toBe(true);
    expect(gatheringInput.safeParse({ ...base, title: "x" }).success).toBe(false);
    expect(gatheringInput.safeParse({ ...base, time_zone: "Nowhere/City" }).success).toBe(false);
    expect(gatheringInput.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(clientMessage.safeParse({ type: "chat", text: "  amen " })).toMatchObject({ success: true, data: { text: "amen" } });
    expect(clientMessage.safeParse({ type: "chat", text: "a\u0000" }).success).toBe(false);
    expect(clientMessage.safeParse({ type: "signal", to: "p", kind: "hello", data: {} }).success).toBe(false);
    expect(GATHERING_WS_PATH.exec("/api/gatherings/abcdefghijkl0123/ws")?.[1]).toBe("abcdefghijkl0123");
    expect(GATHERING_WS_PATH.test("/api/gatherings/ABC/ws")).toBe(false);
  });
});
