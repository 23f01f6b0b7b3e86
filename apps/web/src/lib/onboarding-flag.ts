import { ONBOARDING_FLAG_KEY } from "@shepherd/shared/constants";

/** Spec section 3: the browser flag onboardingComplete, "true" when done. */
export function readOnboardingFlag(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_FLAG_KEY) === "true";
  } catch {
    return false;
  }
}

export function writeOnboardingFlag(done: boolean) {
  try {
    if (done) localStorage.setItem(ONBOARDING_FLAG_KEY, "true");
    else localStorage.removeItem(ONBOARDING_FLAG_KEY);
  } catch {
    // Private browsing may refuse storage; the server's onboarding_completed_at still rules.
  }
}
