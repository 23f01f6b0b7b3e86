import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { notify, notifyError } from "@/lib/toast";
import { requestPasswordReset } from "../api/request-password-reset";

/** "Forgot password?": the reset link by email. */
export function ForgotPasswordForm(props: { initialEmail: string; onBack: () => void }) {
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
