import { useId } from "react";
import { MOODS, type Mood } from "@shepherd/shared/today";
import { cn } from "@/lib/cn";

export const MOOD_WORDS: Record<Mood, string> = { struggling: "Struggling", neutral: "Neutral", good: "Good", great: "Great" };

/**
 * The check-in's mood: one radio group of native radio buttons, so it is one tab stop and the arrow keys move and
 * choose, as the browser does for radios (no hand-made roving tabindex to get wrong). Each radio lies invisible over
 * its chip, so a tap lands on the radio itself; the chip shows its state and its keyboard focus. Four across when its card is
 * wide enough (a container query: on a laptop the card sits in a narrow side column), two by two otherwise, and a long
 * word wraps rather than running out of its chip.
 */
export function MoodChoice(props: { value: Mood; onChange: (mood: Mood) => void }) {
  const id = useId();
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} className="@container min-w-0">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        Mood
      </legend>
      <div className="grid grid-cols-2 gap-2 @sm:grid-cols-4">
        {MOODS.map((mood) => (
          <label key={mood} className="relative min-w-0">
            <input
              type="radio"
              name={`${id}-mood`}
              value={mood}
              checked={props.value === mood}
              onChange={() => props.onChange(mood)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            <span
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 py-1 text-center text-sm leading-tight [overflow-wrap:anywhere]",
                "border-stone-300 dark:border-stone-700",
                "peer-checked:border-pasture-600 peer-checked:bg-pasture-50 peer-checked:font-semibold dark:peer-checked:border-gold-300 dark:peer-checked:bg-stone-800",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-pasture-600 dark:peer-focus-visible:outline-gold-300",
              )}
            >
              {MOOD_WORDS[mood]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
