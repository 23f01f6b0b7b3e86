import type { SeriesSession } from "@shepherd/shared/series";
import { ScriptureLink } from "@/components/scripture/scripture-link";

type Body = NonNullable<SeriesSession["body"]>;

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-3 leading-relaxed text-stone-800 dark:text-stone-200">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function Part(props: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="space-y-2">
      <h2 id={props.id} className="font-serif text-xl font-semibold text-pasture-900 dark:text-stone-50">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** An open session: the passage as The Word's WEB has it (linked into The Word), the teaching, questions, challenge, prayer. */
export function SessionBody({ body }: { body: Body }) {
  return (
    <div className="space-y-6">
      <figure className="space-y-2 rounded-xl border-l-4 border-gold-400 bg-parchment p-4 dark:bg-stone-800">
        <figcaption className="text-sm font-semibold text-pasture-800 dark:text-gold-300">
          <ScriptureLink reference={body.passage.reference} />
          <span className="ml-2 font-normal text-stone-600 uppercase dark:text-stone-400">{body.passage.translation}</span>
        </figcaption>
        <blockquote className="font-serif leading-relaxed text-stone-900 dark:text-stone-100">
          {body.passage.verses.map((verse) => (
            <span key={`${verse.chapter}:${verse.verse}`}>
              <sup className="mr-0.5 text-xs text-stone-600 dark:text-stone-400">{verse.verse}</sup>
              {verse.text}{" "}
            </span>
          ))}
        </blockquote>
      </figure>
      <Part id="session-teaching" title="Teaching">
        <Paragraphs text={body.teaching} />
      </Part>
      <Part id="session-questions" title="Discussion questions">
        <ol className="list-decimal space-y-2 pl-6 text-stone-800 dark:text-stone-200">
          {body.questions.map((question, i) => (
            <li key={i}>{question}</li>
          ))}
        </ol>
      </Part>
      <Part id="session-challenge" title="Challenge for the week">
        <p className="rounded-xl bg-pasture-50 p-4 text-stone-900 dark:bg-stone-800 dark:text-stone-100">{body.challenge}</p>
      </Part>
      <Part id="session-prayer" title="Closing prayer">
        <p className="font-serif leading-relaxed text-stone-800 italic dark:text-stone-200">{body.prayer}</p>
      </Part>
    </div>
  );
}
