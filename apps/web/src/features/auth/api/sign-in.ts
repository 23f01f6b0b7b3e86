import { api } from "@/lib/api";

export interface SignInResult {
  twoFactorRedirect?: boolean;
  user?: { id: string };
}

export function signIn(input: { email: string; password: string }) {
  return api<SignInResult>("/api/auth/sign-in/email", { body: { ...input, rememberMe: true } });
}
