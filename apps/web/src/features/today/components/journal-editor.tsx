import { useEffect, useRef, useState } from "react";
import type { Devotional } from "@shepherd/shared/api";
import { JOURNAL_MAX, journalError } from "@shepherd/shared/today";
import { CareCard } from "@/components/care/care-card";
import { UsageWarning } from "@/components/premium/usage-warning";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { notifyJournalSaveError, useCreateJournalEntry } from "@/lib/journal";
import { notify } from "@/lib/toast";

/**
 * "Gather Your Thoughts": the journal editor for today's devotional (spec sections 2, 5 and 8). It takes focus when it
 * opens; Today moves focus back to its journal button when it closes or saves.
 */
export function JournalEditor(props: { devotional: Devotional | null; onClose: () => void; onSaved: () => void }) {
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [care, setCare] = useState(false);
  const save = useCreateJournalEntry();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);

  const onSave = () => {
    if (save.isPending) return;
    const problem = journalError(content);
    setError(problem);
    if (problem) return;
    save.mutate(
      { content: content.trim(), devotional_id: props.devotional?.id },
      {
        onSuccess: (result) => {
          // Offline: "Saved on this device, will sync" was said already.
          if (!result.queued) notify("Journal saved", "Your reflection has been recorded.");
          setCare(result.care);
          setContent("");
          props.onSaved();
          if (!result.care) props.onClose();
        },
        onError: notifyJournalSaveError,
      },
    );
  };

  return (
    <Card className="space-y-3" aria-labelledby="journal-editor-title">
      <h3 id="journal-editor-title" className="font-serif text-lg font-semibold">
        Gather Your Thoughts
      </h3>
      {props.devotional ? (
        <div className="space-y-1 rounded-lg bg-stone-50 p-3 text-sm dark:bg-stone-800">
          <p className="font-semibold">{props.devotional.title}</p>
          <p className="text-stone-600 dark:text-stone-400">{props.devotional.passage}</p>
          <p className="italic">{props.devotional.reflection}</p>
        </div>
      ) : null}
      <label htmlFor="journal-content" className="sr-only">
        Your reflection
      </label>
      <Textarea
        id="journal-content"
        ref={box}
        rows={7}
        maxLength={JOURNAL_MAX + 100}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? "journal-error" : undefined}
        placeholder="What is God showing you today?"
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          if (error) setError(null);
        }}
      />
      {error ? (
        <p id="journal-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <UsageWarning feature="journal" />
      {care ? <CareCard /> : null}
      <div className="flex gap-2">
        <Button onClick={onSave} aria-disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save entry"}
        </Button>
        <Button variant="ghost" onClick={props.onClose}>
          Close
        </Button>
      </div>
    </Card>
  );
}
