import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { signInErrorMessage } from "@shepherd/shared/auth-rules";
import { afterSignIn } from "@shepherd/shared/redirects";
import { PasswordField } from "@/components/auth/password-field";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { readOnboardingFlag, writeOnboardingFlag } from "@/lib/onboarding-flag";
import { returnToOr } from "@/lib/return-to";
import { meQuery, sessionQuery } from "@/lib/session";
import { notify, notifyError } from "@/lib/toast";
import { signIn } from "../api/sign-in";
import { EmailField } from "./email-field";
import { ForgotPasswordForm } from "./forgot-password-form";
import { TotpChallenge } from "./totp-challenge";

type SignInStep = "credentials" | "forgot" | "totp";

function useFinishSignIn(acting: { current: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    let profile = null;
    try {
      const me = await client.fetchQuery({ ...meQuery, staleTime: 0 });
      profile = me?.profile ?? null;
      if (me?.profile.onboarding_completed_at) writeOnboardingFlag(true);
    } catch (error) {
      // Section 8: an onboarding-status error means onboarding is treated as not complete.
      console.error("could not load onboarding status", error);
    }
    const outcome = afterSignIn({ onboardingFlag: readOnboardingFlag(), profile });
    notify(outcome.toast.title, outcome.toast.description);
    acting.current = false;
    // An invite link opened while signed out is resumed once the person can use it.
    navigate(outcome.to === "/" ? returnToOr(outcome.to) : outcome.to, { replace: true });
  };
}

/** Email and password; a second step for a code when two-step verification is on. */
export function SignInForm({ acting }: { acting: { current: boolean } }) {
  const [step, setStep] = useState<SignInStep>("credentials");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const finish = useFinishSignIn(acting);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) return;
    setSubmitting(true);
    acting.current = true;
    try {
      const result = await signIn({ email: email.trim(), password });
      if (result.twoFactorRedirect) {
        setStep("totp");
        return;
      }
      await finish();
    } catch (error) {
      acting.current = false;
      notifyError("Sign in failed", signInErrorMessage(errorMessage(error)));
    } finally {
      setSubmitting(false);
    }
  };

  if (step === "forgot") return <ForgotPasswordForm initialEmail={email} onBack={() => setStep("credentials")} />;
  if (step === "totp") return <TotpChallenge onVerified={finish} onCancel={() => setStep("credentials")} />;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField label="Password" value={password} onChange={setPassword} required />
      <div className="flex justify-end">
        <button type="button" className="text-sm text-pasture-700 underline dark:text-gold-300" onClick={() => setStep("forgot")}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={submitting || !email || !password}>
        {submitting ? "Signing In..." : "Sign In"}
      </Button>
    </form>
  );
}
