import { useState, type FormEvent } from "react";
import { PASSWORD_MIN } from "@shepherd/shared/constants";
import { NewPasswordField, refuseShortPassword } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify, notifyError } from "@/lib/toast";
import { resetPassword } from "../api/reset-password";

/** The page a reset link opens: a new password, or why the link no longer works. */
export function ResetPasswordForm(props: { token: string | null; linkError: string | null; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
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
    if (refuseShortPassword(password)) return;
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
      <NewPasswordField label="New password" value={password} onChange={setPassword} />
      <Button type="submit" className="w-full" size="lg" disabled={submitting || password.length < PASSWORD_MIN}>
        {submitting ? "Saving..." : "Save New Password"}
      </Button>
    </form>
  );
}
