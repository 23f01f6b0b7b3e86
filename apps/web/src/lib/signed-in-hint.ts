/**
 * A hint, not a credential: "this browser was signed in when it last asked /api/me". A cold load with it asks for the
 * session, the profile and (at /) Today's screen at once instead of one after the other; the session cookie still
 * decides what the answers are. Kept by the profile query (every answer writes it) and cleared on sign-out.
 */
const KEY = "signedIn";

export function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(KEY) === "true";
  } catch {
    return false;
  }
}

export function writeSignedInHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(KEY, "true");
    else localStorage.removeItem(KEY);
  } catch {
    // Private browsing may refuse storage: requests then go one after the other, as for a visitor.
  }
}
