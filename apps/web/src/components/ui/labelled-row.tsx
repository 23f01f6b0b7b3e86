import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A setting or an answer on one row: its label and a line of hint on the left, its control on the right. The control
 * gets the ids of both (`aria-labelledby`, `aria-describedby`), so a switch or a button reads as the row says.
 */
export function LabelledRow(props: {
  label: string;
  hint: ReactNode;
  className?: string;
  labelClassName?: string;
  children: (ids: { label: string; hint: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn("flex items-start justify-between gap-4", props.className)}>
      <div className="min-w-0">
        <p id={`${id}-label`} className={props.labelClassName ?? "font-medium"}>
          {props.label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      </div>
      {props.children({ label: `${id}-label`, hint: `${id}-hint` })}
    </div>
  );
}
