import { TRANSLATIONS, type TranslationId } from "@shepherd/shared/word";
import { cn } from "@/lib/cn";

/** WEB or KJV, side by side: the one being read is pressed. */
export function TranslationSwitch(props: { value: TranslationId; onChange: (id: TranslationId) => void }) {
  return (
    <div role="group" aria-label="Translation" className="flex rounded-lg bg-stone-100 p-1 dark:bg-stone-800">
      {TRANSLATIONS.map((t) => (
        <button
          key={t.id}
          type="button"
          aria-pressed={t.id === props.value}
          title={t.name}
          onClick={() => props.onChange(t.id)}
          className={cn(
            "h-8 rounded-md px-3 text-sm font-semibold",
            t.id === props.value
              ? "bg-white text-pasture-800 shadow-sm dark:bg-stone-950 dark:text-gold-300"
              : "text-stone-600 hover:text-stone-900 dark:text-stone-300",
          )}
        >
          {t.abbreviation}
        </button>
      ))}
    </div>
  );
}
