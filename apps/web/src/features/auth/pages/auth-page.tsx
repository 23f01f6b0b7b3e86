import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  clampDisplayName,
  displayNameError,
  emailError,
  passwordStrength,
  signInErrorMessage,
  signUpDisabled,
  signUpErrorMessage,
} from "@shepherd/shared/auth-rules";
import { DISPLAY_NAME_MAX, PASSWORD_MIN } from "@shepherd/shared/constants";
import { afterSignIn, SIGN_UP_DESTINATION, signedInAuthVisitor } from "@shepherd/shared/redirects";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FullPageSpinner } from "@/components/ui/spinner";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api";
import { readOnboardingFlag, writeOnboardingFlag } from "@/lib/onboarding-flag";
import { meQuery, sessionQuery, useSession } from "@/lib/session";
import { returnToOr } from "@/lib/return-to";
import { notify, notifyError } from "@/lib/toast";
import { requestPasswordReset, resetPassword } from "../api/password-reset";
import { signIn } from "../api/sign-in";
import { signUp } from "../api/sign-up";
import { verifyBackupCode, verifyTotp } from "../api/two-factor";
import { StrengthMeter } from "@/components/auth/strength-meter";

type Tab = "signin" | "signup";
type SignInStep = "credentials" | "forgot" | "totp";

export function AuthPage() {
  const [params] = useSearchParams();
  const fromOnboarding = params.get("from") === "onboarding";
  const resetToken = params.get("token");
  const resetError = params.get("error");
  const [tab, setTab] = useState<Tab>(fromOnboarding ? "signup" : "signin");
  const session = useSession();
  const navigate = useNavigate();
  const acting = useRef(false);

  // Section 4: a signed-in visitor on /auth (not from onboarding) is sent on.
  useEffect(() => {
    if (acting.current || fromOnboarding || resetToken) return;
    if (session.data) navigate(signedInAuthVisitor(readOnboardingFlag()), { replace: true });
  }, [session.data, fromOnboarding, resetToken, navigate]);

  if (session.isPending) return <FullPageSpinner />;

  const title = resetToken ? "Choose a New Password" : tab === "signup" ? "Create Your Account" : "Welcome Back";
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <Link to="/" className="mb-6 flex items-center justify-center gap-3">
        <img src="/logo.svg" alt="" className="h-12 w-12" />
        <span className="text-left">
          <span className="block font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">Shepherd</span>
          <span className="block text-sm text-stone-600 dark:text-stone-400">Lead with love. Guide with grace.</span>
        </span>
      </Link>
      <Card className="space-y-5">
        <h1 className="text-center font-serif text-xl font-semibold">{title}</h1>
        {resetToken || resetError ? (
          <ResetPasswordForm token={resetToken} linkError={resetError} onDone={() => navigate("/auth", { replace: true })} />
        ) : (
          <>
            <Tabs
              idBase="auth"
              label="Sign in or sign up"
              value={tab}
              onChange={setTab}
              tabs={[
                { value: "signin", label: "Sign In" },
                { value: "signup", label: "Sign Up" },
              ]}
            />
            <TabPanel idBase="auth" value={tab}>
              {tab === "signin" ? <SignInForm acting={acting} /> : <SignUpForm acting={acting} />}
            </TabPanel>
          </>
        )}
      </Card>
      <p className="mt-6 text-center text-xs text-stone-600 dark:text-stone-400">
        By continuing you agree to our{" "}
        <Link className="underline" to="/terms">
          Terms
        </Link>{" "}
        and{" "}
        <Link className="underline" to="/privacy">
          Privacy Policy
        </Link>
        .
      </p>
    </main>
  );
}

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

function SignInForm({ acting }: { acting: { current: boolean } }) {
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
      <Field label="Email">
        {({ id }) => (
          <Input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <Field label="Password">
        {({ id }) => (
          <Input
            id={id}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
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

function ForgotPasswordForm(props: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(props.initialEmail);
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      notify("Check your email", "We've sent you a password reset link.");
      props.onBack();
    } catch (error) {
      notifyError("Reset failed", errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </p>
      <Field label="Email">
        {({ id }) => (
          <Input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={submitting || !email.trim()}>
        {submitting ? "Sending..." : "Send Reset Link"}
      </Button>
      <Button variant="ghost" className="w-full" onClick={props.onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}

function TotpChallenge(props: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState("");
  const [backup, setBackup] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      if (backup) await verifyBackupCode(code.trim());
      else await verifyTotp(code.replace(/\s/g, ""));
      await props.onVerified();
    } catch (error) {
      notifyError("Sign in failed", errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {backup
          ? "Enter one of the backup codes you saved when you turned on two-step verification."
          : "Open your authenticator app and enter the 6-digit code for Shepherd."}
      </p>
      <Field label={backup ? "Backup code" : "Authentication code"}>
        {({ id }) => (
          <Input
            id={id}
            inputMode={backup ? "text" : "numeric"}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={submitting || code.trim().length < 6}>
        {submitting ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-pasture-700 underline dark:text-gold-300" onClick={() => setBackup(!backup)}>
          {backup ? "Use authenticator code" : "Use a backup code"}
        </button>
        <button type="button" className="text-stone-600 underline dark:text-stone-400" onClick={props.onCancel}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}

function SignUpForm({ acting }: { acting: { current: boolean } }) {
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ name?: string | null; email?: string | null }>({});
  const [submitting, setSubmitting] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const strength = passwordStrength(password);
  const hasError = Boolean(errors.name || errors.email);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const nameProblem = displayNameError(displayName);
    const emailProblem = emailError(email.trim());
    setErrors({ name: nameProblem, email: emailProblem });
    if (nameProblem) return notifyError("Invalid name", nameProblem);
    if (emailProblem) return notifyError("Invalid email", emailProblem);
    if (password.length < PASSWORD_MIN) return notifyError("Password too short", "Password must be at least 8 characters long");
    setSubmitting(true);
    acting.current = true;
    try {
      await signUp({ displayName: displayName.trim(), email: email.trim(), password });
      writeOnboardingFlag(false);
      await client.invalidateQueries();
      notify("Account created!", "Let's personalize your journey...");
      acting.current = false;
      navigate(SIGN_UP_DESTINATION, { replace: true });
    } catch (error) {
      acting.current = false;
      notifyError("Sign up failed", signUpErrorMessage(errorMessage(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field
        label="Display Name"
        error={errors.name}
        hint={<span aria-live="polite">{`${displayName.length}/${DISPLAY_NAME_MAX} characters`}</span>}
      >
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            autoComplete="name"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            maxLength={DISPLAY_NAME_MAX}
            value={displayName}
            onChange={(e) => {
              const value = clampDisplayName(e.target.value);
              setDisplayName(value);
              if (errors.name) setErrors((s) => ({ ...s, name: displayNameError(value) }));
            }}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (errors.email) setErrors((s) => ({ ...s, email: emailError(e.target.value.trim()) }));
            }}
          />
        )}
      </Field>
      <Field label="Password" hint={<StrengthMeter strength={strength} visible={password.length > 0} />}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            aria-describedby={describedBy}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={signUpDisabled({ submitting, hasError, password })}>
        {submitting ? "Creating Account..." : "Sign Up"}
      </Button>
    </form>
  );
}

function ResetPasswordForm(props: { token: string | null; linkError: string | null; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const strength = passwordStrength(password);
  if (!props.token || props.linkError) {
    return (
      <div className="space-y-4 text-center">
        <p role="alert">This reset link has expired or was already used. Please ask for a new one.</p>
        <Button className="w-full" onClick={props.onDone}>
          Back to Sign In
        </Button>
      </div>
    );
  }
  const token = props.token;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) return notifyError("Password too short", "Password must be at least 8 characters long");
    setSubmitting(true);
    try {
      await resetPassword({ token, newPassword: password });
      notify("Password updated", "You can now sign in with your new password.");
      props.onDone();
    } catch (error) {
      notifyError("Reset failed", errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field label="New password" hint={<StrengthMeter strength={strength} visible={password.length > 0} />}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            aria-describedby={describedBy}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={submitting || password.length < PASSWORD_MIN}>
        {submitting ? "Saving..." : "Save New Password"}
      </Button>
    </form>
  );
}
