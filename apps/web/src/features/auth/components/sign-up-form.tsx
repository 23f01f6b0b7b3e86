import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { clampDisplayName, displayNameError, emailError, signUpDisabled, signUpErrorMessage } from "@shepherd/shared/auth-rules";
import { DISPLAY_NAME_MAX } from "@shepherd/shared/constants";
import { SIGN_UP_DESTINATION } from "@shepherd/shared/redirects";
import { NewPasswordField, refuseShortPassword } from "@/components/auth/password-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { notify, notifyError } from "@/lib/toast";
import { signUp } from "../api/sign-up";

/** Display name, email and a new password; onboarding follows. */
export function SignUpForm({ acting }: { acting: { current: boolean } }) {
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ name?: string | null; email?: string | null }>({});
  const [submitting, setSubmitting] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const hasError = Boolean(errors.name || errors.email);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const nameProblem = displayNameError(displayName);
    const emailProblem = emailError(email.trim());
    setErrors({ name: nameProblem, email: emailProblem });
    if (nameProblem) return notifyError("Invalid name", nameProblem);
    if (emailProblem) return notifyError("Invalid email", emailProblem);
    if (refuseShortPassword(password)) return;
    setSubmitting(true);
    acting.current = true;
    try {
      const created = await signUp({ displayName: displayName.trim(), email: email.trim(), password });
      if (!created.token) {
        acting.current = false;
        setPassword("");
        notify("Check your email", "We've sent you a link to confirm your email address. Open it to sign in.");
        return;
      }
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
      <NewPasswordField label="Password" value={password} onChange={setPassword} />
      <Button type="submit" className="w-full" size="lg" disabled={signUpDisabled({ submitting, hasError, password })}>
        {submitting ? "Creating Account..." : "Sign Up"}
      </Button>
    </form>
  );
}
