import {
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MIN,
  PASSWORD_MIN,
  STRENGTH_FAIR_AT,
  STRENGTH_GOOD_AT,
  STRENGTH_STRONG_AT,
} from "./constants";

export type StrengthLabel = "Weak" | "Fair" | "Good" | "Strong";

/** Section 5: +25 for 8+, +15 for 12+, +15 each for lowercase, uppercase, digit, symbol. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score += 25;
  if (password.length >= 12) score += 15;
  if (/[a-z]/.test(password)) score += 15;
  if (/[A-Z]/.test(password)) score += 15;
  if (/[0-9]/.test(password)) score += 15;
  if (/[^A-Za-z0-9]/.test(password)) score += 15;
  return score;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < STRENGTH_FAIR_AT) return "Weak";
  if (score < STRENGTH_GOOD_AT) return "Fair";
  if (score < STRENGTH_STRONG_AT) return "Good";
  return "Strong";
}

export const PASSWORD_HINT = "Use at least 8 characters for better security";

export function passwordStrength(password: string): { score: number; label: StrengthLabel; hint: string | null } {
  const score = passwordScore(password);
  return { score, label: strengthLabel(score), hint: password.length < PASSWORD_MIN ? PASSWORD_HINT : null };
}

/** Section 5: "must look like {email} with no spaces". */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email);
}

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const NAME_TOO_SHORT = "Name must be at least 2 characters";
export const NAME_TOO_LONG = "Name must be 50 characters or less";

/** Returns the spec's message for a display name, or null when it is fine. */
export function displayNameError(name: string): string | null {
  const length = name.trim().length;
  if (length < DISPLAY_NAME_MIN) return NAME_TOO_SHORT;
  if (length > DISPLAY_NAME_MAX) return NAME_TOO_LONG;
  return null;
}

/** Section 5: the input is cut at 50. */
export function clampDisplayName(name: string): string {
  return name.slice(0, DISPLAY_NAME_MAX);
}

export function emailError(email: string): string | null {
  return isValidEmail(email) ? null : EMAIL_MESSAGE;
}

/** Section 5: disabled while submitting, while any error is shown, or while the password is under 8. */
export function signUpDisabled(state: { submitting: boolean; hasError: boolean; password: string }): boolean {
  return state.submitting || state.hasError || state.password.length < PASSWORD_MIN;
}

/** Issue 19: the server refuses a password among the first an attacker would try (password-guess.ts). */
export const PASSWORD_TOO_GUESSABLE = "This password is too easy to guess. Try a few words of your own with a number or symbol.";

/** Section 8: sign-up failure messages; a too-guessable password keeps its own message, which says what to do. */
export function signUpErrorMessage(serverMessage: string): string {
  const m = serverMessage.toLowerCase();
  if (serverMessage === PASSWORD_TOO_GUESSABLE) return serverMessage;
  if (m.includes("already registered")) return "This email is already registered. Please sign in instead.";
  if (m.includes("password")) return "Password must be at least 8 characters and contain a mix of letters and numbers.";
  if (m.includes("email")) return "Please enter a valid email address.";
  return serverMessage;
}

/** Section 8: sign-in failure messages. */
export function signInErrorMessage(serverMessage: string): string {
  if (serverMessage.includes("Invalid login credentials")) return "Invalid email or password. Please try again.";
  if (serverMessage.includes("Email not confirmed")) return "Please verify your email address before signing in.";
  return serverMessage;
}
