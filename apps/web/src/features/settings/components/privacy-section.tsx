import { useId } from "react";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { Switch } from "@/components/ui/switch";
import { notify, showError } from "@/lib/toast";
import { SettingsSection } from "./settings-section";

/** docs/community.md, streak sharing: off by default; when on, his flock (and his profile) show his streak. */
export function PrivacySection({ shareStreak }: { shareStreak: boolean }) {
  const id = useId();
  const update = useUpdateProfile();
  const checked = update.isPending && update.variables.share_streak !== undefined ? update.variables.share_streak : shareStreak;
  return (
    <SettingsSection title="Privacy">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id={`${id}-label`} className="font-medium">
            Share my streak with my flock
          </p>
          <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
            Brothers in your flocks see your current streak beside your name, and so does anyone on your profile.
          </p>
        </div>
        <Switch
          checked={checked}
          disabled={update.isPending}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(next) =>
            update.mutate(
              { share_streak: next },
              {
                onSuccess: () =>
                  notify(
                    next ? "Streak shared" : "Streak hidden",
                    next ? "Your flock can see your streak." : "Only you see your streak.",
                  ),
                onError: showError,
              },
            )
          }
        />
      </div>
    </SettingsSection>
  );
}
