import { cn } from "@/lib/cn";

/** One choice among a few, as a row of toggle buttons ("Whole Bible / Old Testament / New Testament"). */
export function FilterChips<T extends string>(props: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={props.label} className="flex flex-wrap gap-2">
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === props.value}
          onClick={() => props.onChange(option.value)}
          className={cn(
            "h-9 rounded-full border px-3 text-sm",
            option.value === props.value
              ? "border-pasture-700 bg-pasture-700 text-white"
              : "border-stone-300 text-stone-700 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
