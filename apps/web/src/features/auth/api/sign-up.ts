import { api } from "@/lib/api";

/** Spec section 7: sign up with display_name; the welcome email is invoked after, its failure only logged. */
export async function signUp(input: { displayName: string; email: string; password: string }) {
  const result = await api<{ user: { id: string } }>("/api/auth/sign-up/email", {
    body: { email: input.email, password: input.password, name: input.displayName },
  });
  api("/api/functions/send-welcome-email", { body: { email: input.email, displayName: input.displayName } }).catch(
    (error: unknown) => console.error("send-welcome-email failed", error),
  );
  return result;
}
