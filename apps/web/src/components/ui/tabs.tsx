import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Accessible tabs (WAI-ARIA tabs pattern with arrow-key movement). */
export function Tabs<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  tabs: Array<{ value: T; label: string }>;
  idBase: string;
  /** Tabs in one row: two (the default) or three. */
  columns?: 2 | 3;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = (index + step + props.tabs.length) % props.tabs.length;
    const tab = props.tabs[next];
    if (!tab) return;
    props.onChange(tab.value);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={props.label}
      className={cn(
        "grid gap-1 rounded-xl bg-stone-100 p-1 dark:bg-stone-800",
        props.columns === 3 ? "grid-cols-3" : "grid-cols-2",
      )}
    >
      {props.tabs.map((tab, index) => {
        const selected = tab.value === props.value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            role="tab"
            type="button"
            id={`${props.idBase}-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`${props.idBase}-panel-${tab.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => props.onChange(tab.value)}
            onKeyDown={(e) => onKey(e, index)}
            className={cn(
              "h-10 rounded-lg text-sm font-medium transition-colors",
              selected
                ? "bg-white text-pasture-800 shadow-sm dark:bg-stone-950 dark:text-gold-300"
                : "text-stone-600 dark:text-stone-300",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel(props: { idBase: string; value: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${props.idBase}-panel-${props.value}`} aria-labelledby={`${props.idBase}-tab-${props.value}`}>
      {props.children}
    </div>
  );
}
