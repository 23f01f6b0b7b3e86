import { writeOnboardingFlag } from "./onboarding-flag";

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

/**
 * The page's own word: the server writes it into a member's page (apps/server/src/http/static.ts), so a first load in
 * this browser (or one whose storage was cleared) has the hints at once instead of after its first answers: the session
 * and the profile asked together, and at / Today's screen and code with them. Read once, at the start, and removed: it
 * says what the cookie was when the page was loaded, and sign-out clears the hints it wrote.
 */
export function adoptPageHint(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="shepherd-member"]');
  if (!meta) return;
  meta.remove();
  writeSignedInHint(true);
  if (meta.content === "onboarded") writeOnboardingFlag(true);
}
