import { cn } from "@/lib/cn";

/** "123/2000": how much of the limit a text uses; amber near the end. */
export function CharacterCount({ id, length, max }: { id?: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cn(
        "text-xs tabular-nums",
        length > max * 0.9 ? "text-amber-700 dark:text-amber-400" : "text-stone-600 dark:text-stone-400",
      )}
    >
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  );
}
