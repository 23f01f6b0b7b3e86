/**
 * Who may enter a gathering's room (docs/gatherings.md), as one pure rule the HTTP routes and the WebSocket upgrade
 * share: signed out 401; a room that does not exist 404; anyone not an active member of the gathering's flock 403;
 * a gathering that has ended 410. Any member of the flock may join, free or Premium; hosting is Premium's.
 */
export type RoomAccess =
  | { allowed: true }
  | { allowed: false; status: 401 | 403 | 404 | 410; code: "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "GONE"; message: string };

export function decideRoomAccess(options: { signedIn: boolean; exists: boolean; member: boolean; ended: boolean }): RoomAccess {
  if (!options.signedIn) return { allowed: false, status: 401, code: "UNAUTHORIZED", message: "Please sign in to continue." };
  if (!options.exists) {
    return { allowed: false, status: 404, code: "NOT_FOUND", message: "There is no gathering at this address." };
  }
  if (!options.member) {
    return {
      allowed: false,
      status: 403,
      code: "FORBIDDEN",
      message: "This gathering is for the brothers of its flock. Ask its host to invite you to the flock.",
    };
  }
  if (options.ended) return { allowed: false, status: 410, code: "GONE", message: "This gathering has ended." };
  return { allowed: true };
}
