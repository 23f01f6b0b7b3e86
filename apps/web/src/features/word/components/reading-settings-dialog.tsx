import { Minus, Plus } from "lucide-react";
import { FONT_SIZES, LINE_SPACINGS, TRANSLATIONS, type LineSpacing, type ReaderSettings } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { showError } from "@/lib/toast";
import { cn } from "@/lib/cn";
import { useTheme, type Theme } from "@/lib/theme";
import { useUpdateReaderSettings } from "../api/update-reader-settings";

const SPACING_LABEL: Record<LineSpacing, string> = { compact: "Compact", normal: "Normal", relaxed: "Relaxed" };
const THEME_LABEL: Record<Theme, string> = { system: "Device", light: "Light", dark: "Dark" };

function Choice<T extends string>(props: {
  legend: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "inline-flex h-10 cursor-pointer items-center rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-pasture-600",
              option.value === props.value
                ? "border-pasture-700 bg-pasture-700 text-white"
                : "border-stone-300 text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={props.legend}
              value={option.value}
              checked={option.value === props.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Translation, type size, line spacing and light or dark: saved to the account, except the theme (per device). */
export function ReadingSettingsDialog(props: { open: boolean; onClose: () => void; settings: ReaderSettings }) {
  const update = useUpdateReaderSettings();
  const [theme, setTheme] = useTheme();
  const { settings } = props;
  const sizeIndex = (FONT_SIZES as readonly number[]).indexOf(settings.font_size);
  const change = (value: Parameters<typeof update.mutate>[0]) => update.mutate(value, { onError: showError });

  return (
    <Dialog open={props.open} onClose={props.onClose} title="Reading settings">
      <div className="space-y-5">
        <Choice
          legend="Translation"
          value={settings.translation}
          options={TRANSLATIONS.map((t) => ({ value: t.id, label: `${t.abbreviation} · ${t.name}` }))}
          onChange={(translation) => change({ translation })}
        />
        <div className="space-y-2">
          <p className="text-sm font-medium text-stone-800 dark:text-stone-200" id="font-size-label">
            Text size
          </p>
          <div className="flex items-center gap-3" role="group" aria-labelledby="font-size-label">
            <Button
              variant="secondary"
              aria-label="Smaller text"
              disabled={sizeIndex <= 0}
              onClick={() => change({ font_size: FONT_SIZES[Math.max(0, sizeIndex - 1)]! })}
            >
              <Minus aria-hidden="true" className="h-4 w-4" />
            </Button>
            <output aria-live="polite" className="min-w-16 text-center font-serif" style={{ fontSize: settings.font_size }}>
              {settings.font_size}px
            </output>
            <Button
              variant="secondary"
              aria-label="Larger text"
              disabled={sizeIndex >= FONT_SIZES.length - 1}
              onClick={() => change({ font_size: FONT_SIZES[Math.min(FONT_SIZES.length - 1, sizeIndex + 1)]! })}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        </div>
        <Choice
          legend="Line spacing"
          value={settings.line_spacing}
          options={LINE_SPACINGS.map((s) => ({ value: s, label: SPACING_LABEL[s] }))}
          onChange={(line_spacing) => change({ line_spacing })}
        />
        <Choice
          legend="Appearance"
          value={theme}
          options={(["system", "light", "dark"] as const).map((t) => ({ value: t, label: THEME_LABEL[t] }))}
          onChange={setTheme}
        />
      </div>
    </Dialog>
  );
}
