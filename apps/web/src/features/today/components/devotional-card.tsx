import { memo, useMemo } from "react";
import type { Devotional } from "@shepherd/shared/api";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { paragraphSentences } from "@shepherd/shared/today";
import { ScriptureLink } from "@/components/scripture/scripture-link";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/**
 * The devotional's text, one span per sentence so the audio can highlight as it reads. The longest part of Today:
 * memoised, so the page's other changes (a step done, a saved check-in) do not render it again.
 */
export const DevotionalText = memo(function DevotionalText(props: { devotional: Devotional; activeSentence: number }) {
  const paragraphs = useMemo(() => paragraphSentences(props.devotional.content), [props.devotional.content]);
  let index = -1;
  return (
    <div className="space-y-4 font-serif text-lg leading-relaxed text-stone-800 dark:text-stone-200">
      {paragraphs.map((sentences, p) => (
        <p key={p}>
          {sentences.map((s) => {
            index += 1;
            const active = index === props.activeSentence;
            return (
              <span
                key={index}
                className={cn("transition-colors", active && "rounded bg-gold-300/70 dark:bg-gold-600/40")}
                data-active={active || undefined}
              >
                {s}{" "}
              </span>
            );
          })}
        </p>
      ))}
    </div>
  );
});

/** The passage in the World English Bible, its reference opening The Word. */
export function PassageQuote(props: { devotional: Devotional }) {
  return (
    <blockquote className="space-y-2 border-l-4 border-gold-400 pl-4">
      <p className="font-serif text-lg italic text-stone-800 dark:text-stone-200">{props.devotional.passage_text}</p>
      <footer className="text-sm font-semibold text-pasture-700 dark:text-gold-300">
        <ScriptureLink reference={props.devotional.passage} /> (WEB)
      </footer>
    </blockquote>
  );
}

/**
 * A devotional in one card: picture, theme, title, passage, the text and the question to reflect on. The backup
 * devotional shows this way (the guided morning needs the server); today's own is laid out as steps.
 */
export function DevotionalCard(props: { devotional: Devotional; activeSentence: number }) {
  const { devotional } = props;
  return (
    <Card className="space-y-5">
      {devotional.image_url ? (
        <img src={devotional.image_url} alt="" className="aspect-[16/9] w-full rounded-xl object-cover" loading="lazy" />
      ) : null}
      <header className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-pasture-700 uppercase dark:text-gold-300" data-testid="theme">
          {focusThemeLabel(devotional.theme)}
        </p>
        <h1 className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">{devotional.title}</h1>
      </header>
      <PassageQuote devotional={devotional} />
      <DevotionalText devotional={devotional} activeSentence={props.activeSentence} />
      <section aria-labelledby="reflection-title" className="rounded-xl bg-pasture-50 p-4 dark:bg-stone-800">
        <h2 id="reflection-title" className="text-sm font-semibold uppercase tracking-wide text-pasture-700 dark:text-gold-300">
          Reflect
        </h2>
        <p className="mt-1 font-serif text-lg">{devotional.reflection}</p>
      </section>
    </Card>
  );
}
