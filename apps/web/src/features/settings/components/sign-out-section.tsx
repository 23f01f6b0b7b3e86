import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/session";
import { showError } from "@/lib/toast";
import { SettingsSection } from "./settings-section";

/** Signing out of this browser: its own section, never beside a download or a deletion. */
export function SignOutSection({ email }: { email: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const onSignOut = async () => {
    try {
      await signOut(client);
      navigate("/auth", { replace: true });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <SettingsSection title="Sign out" description={`Signed in as ${email} on this device.`}>
      <Button variant="secondary" onClick={onSignOut}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Sign out
      </Button>
    </SettingsSection>
  );
}
