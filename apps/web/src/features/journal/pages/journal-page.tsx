import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { JournalEntry } from "@shepherd/shared/api";
import { journalError } from "@shepherd/shared/today";
import { CareCard } from "@/components/care/care-card";
import { WaitingToSync } from "@/components/offline/waiting-to-sync";
import { UsageWarning } from "@/components/premium/usage-warning";
import { ScriptureLink } from "@/components/scripture/scripture-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useTodayDevotional } from "@/lib/devotional";
import { notifyJournalSaveError, useCreateJournalEntry, type NewJournalEntry } from "@/lib/journal";
import { queuedJournalEntries } from "@/lib/offline/pending";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";
import { notify, notifyError } from "@/lib/toast";
import { useDeleteEntry } from "../api/delete-entry";
import { useJournal } from "../api/get-journal";
import { useUpdateEntry } from "../api/update-entry";

function EntryEditor(props: {
  initial?: string;
  saving: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState(props.initial ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = journalError(content);
        setError(problem);
        if (!problem) props.onSave(content.trim());
      }}
    >
      <label className="sr-only" htmlFor={`editor-${props.label}`}>
        {props.label}
      </label>
      <Textarea
        id={`editor-${props.label}`}
        rows={6}
        value={content}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        aria-invalid={Boolean(error)}
        onChange={(e) => {
          setContent(e.target.value);
          if (error) setError(null);
        }}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={props.saving}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Entry({ entry, onCare }: { entry: JournalEntry; onCare: () => void }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const date = new Date(`${entry.entry_date}T12:00:00`).toLocaleDateString(undefined, {
    weekday: "short",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  return (
    <li>
      <Card className="space-y-2">
        <button type="button" className="w-full text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
          <p className="text-xs text-stone-600 dark:text-stone-400">{date}</p>
          <p className="font-semibold">{entry.devotional_title ?? "Personal entry"}</p>
          {!open ? <p className="line-clamp-2 text-sm text-stone-700 dark:text-stone-300">{entry.content}</p> : null}
        </button>
        {open && !editing ? (
          <div className="space-y-3">
            {entry.passage ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">
                <ScriptureLink reference={entry.passage} />
              </p>
            ) : null}
            {entry.reflection ? <p className="text-sm italic">{entry.reflection}</p> : null}
            <p className="whitespace-pre-wrap">{entry.content}</p>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  if (!window.confirm("Delete this journal entry? This cannot be undone.")) return;
                  remove.mutate(entry.id, {
                    onSuccess: () => notify("Entry deleted"),
                    onError: (e) => notifyError("Error", errorMessage(e)),
                  });
                }}
              >
                Delete
              </Button>
            </div>
          </div>
        ) : null}
        {editing ? (
          <EntryEditor
            label={`Edit entry from ${date}`}
            initial={entry.content}
            saving={update.isPending}
            onCancel={() => setEditing(false)}
            onSave={(content) =>
              update.mutate(
                { id: entry.id, content },
                {
                  onSuccess: (result) => {
                    setEditing(false);
                    notify("Journal saved", "Your reflection has been recorded.");
                    if (result.care) onCare();
                  },
                  onError: notifyJournalSaveError,
                },
              )
            }
          />
        ) : null}
      </Card>
    </li>
  );
}

/**
 * A new entry, dated today, with today's reflection question offered as its prompt: answering it ties the entry to
 * the day's devotional (its title and question show with it), or he writes freely.
 */
function NewEntry(props: { saving: boolean; onSave: (input: NewJournalEntry) => void; onCancel: () => void }) {
  const devotional = useTodayDevotional();
  const [answering, setAnswering] = useState(true);
  const question = devotional.data?.reflection ?? null;
  const today = new Date().toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  const prompted = Boolean(question) && answering;
  return (
    <Card className="space-y-3">
      <div>
        <h2 className="font-semibold">New entry</h2>
        <p className="text-sm text-stone-600 dark:text-stone-400">{today}</p>
      </div>
      {question ? (
        <div className="space-y-2 rounded-lg bg-stone-100 p-3 dark:bg-stone-800">
          <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
            Today&apos;s question
          </p>
          <p className="italic">{question}</p>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={answering} onChange={(e) => setAnswering(e.target.checked)} />
            Answer today&apos;s question
          </label>
        </div>
      ) : null}
      <EntryEditor
        label="New journal entry"
        placeholder={prompted ? "Write your answer..." : "What is on your heart today?"}
        autoFocus
        saving={props.saving}
        onCancel={props.onCancel}
        onSave={(content) =>
          props.onSave(prompted && devotional.data ? { content, devotional_id: devotional.data.id } : { content })
        }
      />
    </Card>
  );
}

/** /journal: my entries, newest first, with search, open, edit, delete and a new entry not tied to a devotional. */
export function JournalPage() {
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [writing, setWriting] = useState(false);
  // Words of self-harm in an entry: the crisis resources stay in view (CONTENT.md, "Care").
  const [care, setCare] = useState(false);
  const journal = useJournal(q);
  const create = useCreateJournalEntry();
  // Entries written offline are listed first, marked, until they are sent (issue 18); not searched.
  const queued = useQueuedWrites();
  const waiting = q ? [] : queuedJournalEntries(queued);
  const newButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  return (
    <div className="space-y-4">
      <PageHeading title="Journal" description="Your private reflections, newest first. Only you can read them." />
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-stone-500" />
          <Input
            aria-label="Search your journal"
            placeholder="Search your journal"
            className="pl-10"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button ref={newButton} onClick={() => setWriting(true)} aria-expanded={writing}>
          New entry
        </Button>
      </div>
      <UsageWarning feature="journal" />
      {care ? <CareCard /> : null}
      {writing ? (
        <NewEntry
          saving={create.isPending}
          onCancel={() => {
            setWriting(false);
            newButton.current?.focus();
          }}
          onSave={(input) =>
            create.mutate(input, {
              onSuccess: (result) => {
                setWriting(false);
                if (!result.queued) notify("Journal saved", "Your reflection has been recorded.");
                if (result.care) setCare(true);
                newButton.current?.focus();
              },
              onError: notifyJournalSaveError,
            })
          }
        />
      ) : null}
      {waiting.length > 0 ? (
        <ul className="space-y-3" aria-label="Entries waiting to sync">
          {waiting.map((entry) => (
            <li key={entry.id}>
              <Card className="space-y-2">
                <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
                  {new Date(entry.created_at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
                  <WaitingToSync />
                </p>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{entry.content}</p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <QueryState
        query={journal}
        look="plain"
        loading={<Spinner label="Loading your journal" />}
        error={`Your journal could not be loaded. ${errorMessage(journal.error)}`}
        isEmpty={(data) => waiting.length === 0 && data.pages.every((page) => page.entries.length === 0)}
        empty={q ? "No entries match your search." : "No entries yet. Your first reflection will appear here."}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.pages
              .flatMap((page) => page.entries)
              .map((entry) => (
                <Entry key={entry.id} entry={entry} onCare={() => setCare(true)} />
              ))}
          </ul>
        )}
      </QueryState>
      {journal.hasNextPage ? (
        <Button variant="secondary" onClick={() => void journal.fetchNextPage()} disabled={journal.isFetchingNextPage}>
          Show older entries
        </Button>
      ) : null}
    </div>
  );
}
