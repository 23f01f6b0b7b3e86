import { useId, useState } from "react";
import type { PlanDay } from "@shepherd/shared/path";
import { JOURNAL_MAX, journalError } from "@shepherd/shared/today";
import { CareCard } from "@/components/care/care-card";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { notifyJournalSaveError } from "@/lib/journal";
import { notify } from "@/lib/toast";
import { useWriteDayJournal } from "../api/write-day-journal";

/** The day's journal: what I wrote from it, or a box to write (a journal entry like any other, linked to the day). */
export function DayJournal({ day }: { day: PlanDay }) {
  const write = useWriteDayJournal();
  const [writing, setWriting] = useState(day.journal_entry === null);
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [care, setCare] = useState(false);
  const id = useId();
  const save = () => {
    const problem = journalError(content);
    setError(problem);
    if (problem) return;
    write.mutate(
      { planId: day.plan_id, day: day.day_number, content: content.trim() },
      {
        onSuccess: (result) => {
          notify("Journal saved", "Your reflection has been recorded.");
          setCare(result.care);
          setContent("");
          setWriting(false);
        },
        onError: notifyJournalSaveError,
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-serif text-lg font-semibold">
        Your journal
      </h3>
      {care ? <CareCard /> : null}
      {day.journal_entry && !writing ? (
        <div className="space-y-2">
          <p className="whitespace-pre-line rounded-xl bg-stone-50 p-4 text-stone-800 dark:bg-stone-800 dark:text-stone-200">
            {day.journal_entry.content}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setWriting(true)}>
            Write another entry
          </Button>
        </div>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label htmlFor={id} className="text-sm text-stone-700 dark:text-stone-300">
            Answer a question, or write what you noticed today.
          </label>
          <Textarea
            id={id}
            rows={5}
            maxLength={JOURNAL_MAX + 100}
            value={content}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setContent(event.target.value);
              if (error) setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? "Saving..." : "Save to journal"}
          </Button>
        </form>
      )}
    </section>
  );
}
