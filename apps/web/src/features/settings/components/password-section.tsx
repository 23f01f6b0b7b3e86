import { useState } from "react";
import { PASSWORD_MIN } from "@shepherd/shared/constants";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { notify, showError } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";
import { SettingsSection } from "./settings-section";

/** A new password in place of the current one; other devices are signed out. */
export function PasswordSection() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const change = useChangePassword();
  return (
    <SettingsSection title="Password">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            { currentPassword, newPassword },
            {
              onSuccess: () => {
                notify("Password changed", "Other devices have been signed out.");
                setCurrent("");
                setNew("");
              },
              onError: showError,
            },
          );
        }}
      >
        <Field label="Current password">
          {({ id }) => (
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </Field>
        <NewPasswordField label="New password" value={newPassword} onChange={setNew} />
        <Button type="submit" disabled={change.isPending || !currentPassword || newPassword.length < PASSWORD_MIN}>
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
