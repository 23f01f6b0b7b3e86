import { describe, expect, test } from "vitest";
import { readPushNotice, safeAppPath } from "./push-message";

describe("push notices in the service worker", () => {
  test("a reminder's payload is shown as sent", () => {
    const payload = JSON.stringify({ title: "Be still", body: "A line.", url: "/", tag: "reminder-2026-11-27" });
    expect(readPushNotice(payload)).toEqual({ title: "Be still", body: "A line.", url: "/", tag: "reminder-2026-11-27" });
  });

  test("an unreadable or empty push still shows a gentle notice", () => {
    expect(readPushNotice("not json").title).toBe("Shepherd");
    expect(readPushNotice(null).url).toBe("/");
    expect(readPushNotice(JSON.stringify({ title: 3 })).body).toMatch(/ready when you are/);
  });

  test("a tap opens only a path in this app", () => {
    expect(safeAppPath("/pasture?post=1")).toBe("/pasture?post=1");
    for (const bad of ["https://evil.example", "//evil.example", "javascript:alert(1)", "/\\evil.example", 42]) {
      expect(safeAppPath(bad)).toBe("/");
    }
  });
});
