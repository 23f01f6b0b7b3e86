import type { StrengthLabel } from "@shepherd/shared/auth-rules";
import { cn } from "@/lib/cn";

const colors: Record<StrengthLabel, string> = {
  Weak: "bg-red-600",
  Fair: "bg-amber-500",
  Good: "bg-lime-600",
  Strong: "bg-pasture-600",
};

/** Spec section 5: the score as a bar, its label, and the hint under 8 characters. */
export function StrengthMeter(props: {
  strength: { score: number; label: StrengthLabel; hint: string | null };
  visible: boolean;
}) {
  const { score, label, hint } = props.strength;
  if (!props.visible) return null;
  return (
    <span className="block space-y-1">
      <span className="flex items-center gap-2">
        <span
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
          aria-valuetext={label}
        >
          <span className={cn("block h-full rounded-full transition-all", colors[label])} style={{ width: `${score}%` }} />
        </span>
        <span className="w-14 text-right text-xs font-medium" data-testid="password-strength">
          {label}
        </span>
      </span>
      {hint ? <span className="block text-xs text-stone-600 dark:text-stone-400">{hint}</span> : null}
    </span>
  );
}
