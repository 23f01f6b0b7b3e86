import type { FormEvent } from "react";
import type { Me } from "@shepherd/shared/api";
import { displayNameError } from "@shepherd/shared/auth-rules";
import { useRemoveAvatar } from "@/components/profile/api/remove-avatar";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { AvatarPicker } from "@/components/profile/avatar-picker";
import { ProfileFields, useProfileFields } from "@/components/profile/profile-fields";
import { Button } from "@/components/ui/button";
import { notify, showError } from "@/lib/toast";
import { SettingsSection } from "./settings-section";

/** His picture, display name and @username. */
export function ProfileSection({ me }: { me: Me }) {
  const fields = useProfileFields({ displayName: me.profile.display_name ?? "", username: me.profile.username });
  const update = useUpdateProfile();
  const removeAvatar = useRemoveAvatar();
  const nameError = displayNameError(fields.displayName);
  const unchanged = fields.username === (me.profile.username ?? "") && fields.username !== "";
  const usernameOk = fields.usernameState.status === "available" || unchanged;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError || !usernameOk) return;
    update.mutate(
      { display_name: fields.displayName.trim(), username: fields.username },
      { onSuccess: () => notify("Profile saved", "Your changes are saved."), onError: showError },
    );
  };
  return (
    <SettingsSection title="Profile" description="How brothers see you in The Pasture and your flock.">
      <AvatarPicker
        name={fields.displayName}
        url={me.profile.avatar_url}
        buttonLabel="Change picture"
        buttonSize="sm"
        onUploaded={() => notify("Picture updated")}
        className="flex flex-wrap gap-2"
      >
        {me.profile.avatar_url ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => removeAvatar.mutate(undefined, { onError: showError })}
            disabled={removeAvatar.isPending}
          >
            Remove
          </Button>
        ) : null}
      </AvatarPicker>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <ProfileFields fields={fields} nameError={fields.displayName ? nameError : null} />
        <Button type="submit" disabled={update.isPending || Boolean(nameError) || !usernameOk}>
          Save profile
        </Button>
      </form>
    </SettingsSection>
  );
}
