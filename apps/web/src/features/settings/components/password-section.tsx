import { useState } from "react";
import { PASSWORD_MIN } from "@shepherd/shared/constants";
import { NewPasswordField, PasswordField } from "@/components/auth/password-field";
import { Button } from "@/components/ui/button";
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
        <PasswordField label="Current password" value={currentPassword} onChange={setCurrent} />
        <NewPasswordField label="New password" value={newPassword} onChange={setNew} />
        <Button type="submit" disabled={change.isPending || !currentPassword || newPassword.length < PASSWORD_MIN}>
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
