import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { notifyError } from "@/lib/toast";
import { verifyBackupCode } from "../api/verify-backup-code";
import { verifyTotp } from "../api/verify-totp";

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export function TotpChallenge(props: { onVerified: () => Promise<void>; onCancel: () => void }) {
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
