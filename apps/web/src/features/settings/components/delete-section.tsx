import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { notify, showError } from "@/lib/toast";
import { useDeleteAccount } from "../api/delete-account";
import { SettingsSection } from "./settings-section";

/** Deleting the account, once he has typed DELETE. */
export function DeleteSection() {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  return (
    <SettingsSection
      title="Delete account"
      description="Removes your account, profile, journal, check-ins and everything else, for good."
    >
      {confirming ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate(typed, {
              onSuccess: () => {
                notify("Account deleted", "Your account and everything in it have been removed.");
                navigate("/auth", { replace: true });
              },
              onError: showError,
            });
          }}
        >
          <Field label="Type DELETE to confirm">
            {({ id }) => <Input id={id} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={typed !== "DELETE" || remove.isPending}>
              Delete my account
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete account...
        </Button>
      )}
    </SettingsSection>
  );
}
