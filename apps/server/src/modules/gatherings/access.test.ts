import { describe, expect, test } from "vitest";
import { decideRoomAccess } from "./access";

describe("who may enter a gathering's room", () => {
  const member = { signedIn: true, exists: true, member: true, ended: false };

  test("a member of the gathering's flock may, free or Premium (the rule does not ask)", () => {
    expect(decideRoomAccess(member)).toEqual({ allowed: true });
  });

  test("signed out 401, before anything about the room is told", () => {
    expect(decideRoomAccess({ ...member, signedIn: false, exists: false })).toMatchObject({ allowed: false, status: 401 });
  });

  test("no such room 404; someone not in the flock 403; an ended gathering 410 (for members only)", () => {
    expect(decideRoomAccess({ ...member, exists: false, member: false })).toMatchObject({ status: 404 });
    expect(decideRoomAccess({ ...member, member: false })).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(decideRoomAccess({ ...member, member: false, ended: true })).toMatchObject({ status: 403 });
    expect(decideRoomAccess({ ...member, ended: true })).toMatchObject({ status: 410, message: "This gathering has ended." });
  });
});
