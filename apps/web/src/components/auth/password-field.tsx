import { passwordStrength } from "@shepherd/shared/auth-rules";
import { PASSWORD_MIN } from "@shepherd/shared/constants";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { notifyError } from "@/lib/toast";
import { StrengthMeter } from "./strength-meter";
import { useGuessablePassword } from "./use-guessable-password";

/** His current password (signing in, confirming who he is before a change). */
export function PasswordField(props: { label: string; value: string; onChange: (value: string) => void; required?: boolean }) {
  return (
    <Field label={props.label}>
      {({ id }) => (
        <Input
          id={id}
          type="password"
          autoComplete="current-password"
          required={props.required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A new password with its strength meter (spec section 5): sign-up, a password reset, and Settings. */
export function NewPasswordField(props: { label: string; value: string; onChange: (value: string) => void }) {
  const guessable = useGuessablePassword(props.value);
  const counted = passwordStrength(props.value);
  // A password the server refuses as too easy to guess is Weak whatever its mix of characters, and says why.
  const strength = guessable ? { score: Math.min(counted.score, 25), label: "Weak" as const, hint: guessable } : counted;
  return (
    <Field label={props.label} hint={<StrengthMeter strength={strength} visible={props.value.length > 0} />}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          aria-describedby={describedBy}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** Says "Password too short" when it is, before anything is sent; true when it was refused. */
export function refuseShortPassword(password: string): boolean {
  if (password.length >= PASSWORD_MIN) return false;
  notifyError("Password too short", "Password must be at least 8 characters long");
  return true;
}
