import { useState } from "react";
import type { Me } from "@shepherd/shared/api";
import { CURRENT_TOPICS, FOCUS_THEMES, type CurrentTopicId, type FocusThemeId } from "@shepherd/shared/themes";
import { useUpdateProfile } from "@/components/profile/api/update-profile";
import { Button } from "@/components/ui/button";
import { ToggleChips } from "@/components/ui/toggle-chips";
import { notify, showError } from "@/lib/toast";
import { SettingsSection } from "./settings-section";

const sameChoice = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * What he is growing in (focus areas) and carrying now (current topics): chosen at onboarding ("You can change these
 * any time"), changed here. They shape his devotionals and the plans recommended to him.
 */
export function GrowthSection({ profile }: { profile: Me["profile"] }) {
  const [focus, setFocus] = useState<FocusThemeId[] | null>(null);
  const [topics, setTopics] = useState<CurrentTopicId[] | null>(null);
  const update = useUpdateProfile();
  const chosenFocus = focus ?? (profile.focus as FocusThemeId[]);
  const chosenTopics = topics ?? (profile.current_topics as CurrentTopicId[]);
  const changed = !sameChoice(chosenFocus, profile.focus) || !sameChoice(chosenTopics, profile.current_topics);
  const save = () =>
    update.mutate(
      { focus: chosenFocus, current_topics: chosenTopics },
      {
        onSuccess: () => {
          setFocus(null);
          setTopics(null);
          notify("Saved", "Your devotionals and plan suggestions follow what you chose.");
        },
        onError: showError,
      },
    );
  return (
    <SettingsSection
      title="Your growth"
      description="What you want to grow in and what you are carrying now. Your devotionals and suggested plans follow them."
    >
      <div className="space-y-2">
        <h3 className="font-medium">Where do you want to grow?</h3>
        <ToggleChips label="Focus areas" options={FOCUS_THEMES} selected={chosenFocus} onChange={setFocus} />
      </div>
      <div className="space-y-2">
        <h3 className="font-medium">What are you carrying right now?</h3>
        <ToggleChips label="Current topics" options={CURRENT_TOPICS} selected={chosenTopics} onChange={setTopics} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} disabled={!changed || chosenFocus.length === 0 || update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        {chosenFocus.length === 0 ? (
          <p className="text-sm text-amber-800 dark:text-amber-300" role="status">
            Choose at least one focus area.
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
