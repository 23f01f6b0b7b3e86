import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify, notifyError } from "@/lib/toast";
import { requestPasswordReset } from "../api/request-password-reset";
import { EmailField } from "./email-field";

/** "Forgot password?": the reset link by email. */
export function ForgotPasswordForm(props: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(props.initialEmail);
  const request = useMutation({ mutationFn: requestPasswordReset });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    request.mutate(email.trim(), {
      onSuccess: () => {
        notify("Check your email", "We've sent you a password reset link.");
        props.onBack();
      },
      onError: (error) => notifyError("Reset failed", errorMessage(error)),
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </p>
      <EmailField value={email} onChange={setEmail} />
      <Button type="submit" className="w-full" size="lg" disabled={request.isPending || !email.trim()}>
        {request.isPending ? "Sending..." : "Send Reset Link"}
      </Button>
      <Button variant="ghost" className="w-full" onClick={props.onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
