import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { displayNameError } from "@shepherd/shared/auth-rules";
import { nextOnboardingStep } from "@shepherd/shared/redirects";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { AvatarPicker } from "@/components/profile/avatar-picker";
import { ProfileFields, useProfileFields } from "@/components/profile/profile-fields";
import { Button } from "@/components/ui/button";
import { showError } from "@/lib/toast";
import { OnboardingShell } from "./onboarding-shell";

/** The profile step: a picture (optional), his display name, and the @username brothers will mention. */
export function ProfileForm(props: { displayName: string; username: string | null; avatarUrl: string | null }) {
  const fields = useProfileFields({ displayName: props.displayName, username: props.username });
  // Shown once Continue has found a problem, and re-checked as he fixes it.
  const [nameError, setNameError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const usernameOk = fields.usernameState.status === "available";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = displayNameError(fields.displayName);
    setNameError(problem);
    if (problem || !usernameOk) return;
    update.mutate(
      { display_name: fields.displayName.trim(), username: fields.username },
      { onSuccess: () => navigate(nextOnboardingStep("profile")), onError: showError },
    );
  };
  return (
    <OnboardingShell step="profile" title="Your profile" lead="This is how brothers in The Pasture and your flock will know you.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <AvatarPicker
          name={fields.displayName}
          url={props.avatarUrl}
          buttonLabel={props.avatarUrl ? "Change picture" : "Add a picture"}
          className="space-y-1"
        >
          <p className="text-xs text-stone-600 dark:text-stone-400">Optional. PNG, JPEG, WebP or GIF up to 2 MB.</p>
        </AvatarPicker>
        <ProfileFields
          fields={fields}
          nameError={nameError}
          onNameChange={(name) => {
            if (nameError) setNameError(displayNameError(name));
          }}
        />
        <Button
          type="submit"
          size="lg"
          disabled={update.isPending || !usernameOk || Boolean(displayNameError(fields.displayName))}
        >
          Continue
        </Button>
      </form>
    </OnboardingShell>
  );
}
