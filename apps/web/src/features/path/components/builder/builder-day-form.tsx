import { Trash2 } from "lucide-react";
import { BUILDER_LIMITS, countWords } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { dayFieldKey, type BuilderErrors, type DayField, type EditorDay } from "@/features/path/plan-builder";
import { BuilderField, ReferenceList } from "./builder-fields";

/** The reading's live count of its 400 words; over the limit it says so. */
function WordCount({ text }: { text: string }) {
  const words = countWords(text);
  const over = words > BUILDER_LIMITS.readingWords;
  return (
    <span className={cn("tabular-nums", over && "font-medium text-red-700 dark:text-red-400")}>
      {words}/{BUILDER_LIMITS.readingWords} words{over ? ": keep the reading to 400 words" : ""}
    </span>
  );
}

/** One day in the builder: its title, passages, other references, reading, one or two questions, challenge and prayer. */
export function BuilderDayForm(props: {
  day: EditorDay;
  number: number;
  count: number;
  errors: BuilderErrors;
  canRemove: boolean;
  onChange: (changes: Partial<Omit<EditorDay, "key">>, field: DayField) => void;
  onRemove: () => void;
}) {
  const { day, errors } = props;
  const key = (field: DayField, index?: number) => dayFieldKey(day.key, field, index);
  const error = (field: DayField, index?: number) => errors.fields[key(field, index)];
  const question = (i: number) => day.questions[i] ?? "";
  const setQuestion = (i: number, value: string) => {
    const questions = [question(0), question(1)];
    questions[i] = value;
    props.onChange({ questions }, "questions");
  };

  return (
    <section aria-labelledby="builder-day-heading" className="min-w-0 space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="builder-day-heading"
          tabIndex={-1}
          className="font-serif text-lg font-semibold text-pasture-900 dark:text-stone-50"
        >
          Day {props.number} of {props.count}
        </h3>
        <Button variant="ghost" size="sm" disabled={!props.canRemove} onClick={props.onRemove}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove day {props.number}
        </Button>
      </div>
      <BuilderField fieldKey={key("title")} label="Day title" error={error("title")}>
        {(control) => (
          <Input
            {...control}
            value={day.title}
            maxLength={BUILDER_LIMITS.dayTitle}
            onChange={(event) => props.onChange({ title: event.target.value }, "title")}
          />
        )}
      </BuilderField>
      <ReferenceList
        fieldKey={key("passages")}
        legend="Passages"
        hint="The Scripture for the day, up to three, such as Psalm 23 or John 3:16-21."
        noun="Passage"
        values={day.passages}
        max={BUILDER_LIMITS.passages}
        maxLength={BUILDER_LIMITS.reference}
        error={error("passages")}
        boxError={(i) => error("passages", i)}
        onChange={(passages) => props.onChange({ passages }, "passages")}
      />
      <BuilderField fieldKey={key("reading")} label="Reading" hint={<WordCount text={day.reading} />} error={error("reading")}>
        {(control) => (
          <Textarea
            {...control}
            rows={10}
            value={day.reading}
            onChange={(event) => props.onChange({ reading: event.target.value }, "reading")}
          />
        )}
      </BuilderField>
      <ReferenceList
        fieldKey={key("references")}
        legend="Other references (optional)"
        hint="Verses the reading cites, up to five."
        noun="Reference"
        values={day.references}
        max={BUILDER_LIMITS.references}
        maxLength={BUILDER_LIMITS.reference}
        error={error("references")}
        boxError={(i) => error("references", i)}
        onChange={(references) => props.onChange({ references }, "references")}
      />
      {[0, 1].map((i) => (
        <BuilderField
          key={i}
          fieldKey={key("questions", i)}
          label={i === 0 ? "Question" : "Second question (optional)"}
          error={(i === 0 ? error("questions") : undefined) ?? error("questions", i)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              className="min-h-16"
              value={question(i)}
              maxLength={BUILDER_LIMITS.question}
              onChange={(event) => setQuestion(i, event.target.value)}
            />
          )}
        </BuilderField>
      ))}
      <BuilderField fieldKey={key("challenge")} label="Challenge (optional)" error={error("challenge")}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={day.challenge}
            maxLength={BUILDER_LIMITS.challenge}
            onChange={(event) => props.onChange({ challenge: event.target.value }, "challenge")}
          />
        )}
      </BuilderField>
      <BuilderField fieldKey={key("prayer")} label="Prayer" error={error("prayer")}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={day.prayer}
            maxLength={BUILDER_LIMITS.prayer}
            onChange={(event) => props.onChange({ prayer: event.target.value }, "prayer")}
          />
        )}
      </BuilderField>
    </section>
  );
}
