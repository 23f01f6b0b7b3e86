import { useTheme, type Theme } from "@/lib/theme";
import { SettingsSection } from "./settings-section";

const THEMES: Array<{ value: Theme; label: string }> = [
  { value: "system", label: "Same as this device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** Light or dark for the whole app, kept on this device. */
export function AppearanceSection() {
  const [theme, setTheme] = useTheme();
  return (
    <SettingsSection
      title="Appearance"
      description="Dark is easier on the eyes early in the morning and late at night. Kept on this device."
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Theme</legend>
        {THEMES.map((option) => (
          <label key={option.value} className="flex items-center gap-3 text-stone-800 dark:text-stone-200">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
              className="h-4 w-4 accent-pasture-700"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
