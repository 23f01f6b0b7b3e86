import { CRISIS_RESOURCES } from "@shepherd/shared/care";

/** Shown instead of an AI response when words of self-harm appear (CONTENT.md, "Care"). */
export function CareCard() {
  return (
    <section
      role="alert"
      aria-labelledby="care-title"
      className="space-y-2 rounded-2xl border border-sky-300 bg-sky-50 p-5 text-sky-950 dark:bg-stone-900 dark:text-sky-100"
    >
      <h2 id="care-title" className="font-semibold">
        {CRISIS_RESOURCES.title}
      </h2>
      <p>{CRISIS_RESOURCES.message}</p>
      <p>
        <strong>{CRISIS_RESOURCES.usLine}</strong>{" "}
        <a className="underline" href={CRISIS_RESOURCES.usLink} target="_blank" rel="noreferrer">
          988lifeline.org
        </a>
      </p>
      <p>
        {CRISIS_RESOURCES.elsewhere}{" "}
        <a className="underline" href={CRISIS_RESOURCES.elsewhereLink} target="_blank" rel="noreferrer">
          findahelpline.com
        </a>
        .
      </p>
      <p className="text-sm">{CRISIS_RESOURCES.emergency}</p>
    </section>
  );
}
