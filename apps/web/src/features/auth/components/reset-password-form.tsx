import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN } from "@shepherd/shared/constants";
import { NewPasswordField, refuseShortPassword } from "@/components/auth/password-field";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify, notifyError } from "@/lib/toast";
import { resetPassword } from "../api/reset-password";

/** The page a reset link opens: a new password, or why the link no longer works. */
export function ResetPasswordForm(props: { token: string | null; linkError: string | null; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const reset = useMutation({ mutationFn: resetPassword });
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (refuseShortPassword(password)) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          notify("Password updated", "You can now sign in with your new password.");
          props.onDone();
        },
        onError: (error) => notifyError("Reset failed", errorMessage(error)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <NewPasswordField label="New password" value={password} onChange={setPassword} />
      <Button type="submit" className="w-full" size="lg" disabled={reset.isPending || password.length < PASSWORD_MIN}>
        {reset.isPending ? "Saving..." : "Save New Password"}
      </Button>
    </form>
  );
}
