import { cn } from "@/lib/cn";

/** An on/off setting (WAI-ARIA switch): a button whose aria-checked says the state. */
export function Switch(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={props.id}
      aria-checked={props.checked}
      aria-labelledby={props["aria-labelledby"]}
      aria-describedby={props["aria-describedby"]}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.checked)}
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60",
        props.checked ? "bg-pasture-700 dark:bg-gold-500" : "bg-stone-300 dark:bg-stone-700",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform",
          props.checked ? "translate-x-6" : "translate-x-1",
        )}
      />
    </button>
  );
}
