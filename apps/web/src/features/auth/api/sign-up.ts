import { api } from "@/lib/api";

/** Spec section 7: sign up with display_name; the welcome email is invoked after, its failure only logged. */
/**
 * `token` is null when the server requires a verified email address (REQUIRE_EMAIL_VERIFICATION): no one is signed in
 * yet, and the mailed link signs him in, landing on `/` (onboarding comes first for a new account).
 */
export async function signUp(input: { displayName: string; email: string; password: string }) {
  const result = await api<{ user: { id: string }; token: string | null }>("/api/auth/sign-up/email", {
    body: { email: input.email, password: input.password, name: input.displayName, callbackURL: "/" },
  });
  if (!result.token) return result;
  api("/api/functions/send-welcome-email", { body: { email: input.email, displayName: input.displayName } }).catch(
    (error: unknown) => console.error("send-welcome-email failed", error),
  );
  return result;
}
