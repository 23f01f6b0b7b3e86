import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

function ToggleChip(props: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className={cn(
        "flex min-h-12 items-center justify-between gap-2 rounded-xl border px-4 py-2 text-left text-sm font-medium transition-colors",
        props.pressed
          ? "border-pasture-600 bg-pasture-50 text-pasture-900 dark:bg-stone-800 dark:text-gold-300"
          : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200",
      )}
    >
      {props.children}
      {props.pressed ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
    </button>
  );
}

export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Several choices from a list, each a pressed/unpressed chip (focus areas, current topics). */
export function ToggleChips<T extends string>(props: {
  /** The accessible name of the group. */
  label: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  selected: readonly T[];
  onChange: (selected: T[]) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label={props.label}>
      {props.options.map((option) => (
        <ToggleChip
          key={option.id}
          pressed={props.selected.includes(option.id)}
          onClick={() => props.onChange(toggled(props.selected, option.id))}
        >
          {option.label}
        </ToggleChip>
      ))}
    </div>
  );
}
