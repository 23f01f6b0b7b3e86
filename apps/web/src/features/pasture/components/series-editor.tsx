import { ArrowDown, ArrowUp, Plus, Sparkles, Trash2, X } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { SERIES_LIMITS, type EditableSeries, type SeriesInput } from "@shepherd/shared/series";
import { FOCUS_THEMES, type FocusThemeId } from "@shepherd/shared/themes";
import { useFlocks } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { notify, notifyCappedError } from "@/lib/toast";
import { useDraftGuide } from "../api/series/draft-guide";
import { useSaveSeries } from "../api/series/save-series";
import { seriesPath } from "./series-card";

interface SessionDraft {
  /** React's key: the session's id once saved, a local one before. */
  key: string;
  id?: string;
  title: string;
  passage: string;
  teaching: string;
  questions: string[];
  challenge: string;
  prayer: string;
}

interface SeriesDraft {
  title: string;
  promise: string;
  description: string;
  theme: FocusThemeId;
  flockId: string;
  sessions: SessionDraft[];
}

let localKeys = 0;
const emptySession = (): SessionDraft => ({
  key: `new-${++localKeys}`,
  title: "",
  passage: "",
  teaching: "",
  questions: [""],
  challenge: "",
  prayer: "",
});

function draftOf(series: EditableSeries | null): SeriesDraft {
  if (!series) {
    return { title: "", promise: "", description: "", theme: "brotherhood", flockId: "", sessions: [emptySession()] };
  }
  return {
    title: series.title,
    promise: series.promise,
    description: series.description,
    theme: series.theme,
    flockId: series.flock_id ?? "",
    sessions: series.sessions.map((s) => ({ ...s, key: s.id, questions: s.questions.length ? s.questions : [""] })),
  };
}

function inputOf(draft: SeriesDraft): SeriesInput {
  return {
    title: draft.title,
    promise: draft.promise,
    description: draft.description,
    theme: draft.theme,
    flock_id: draft.flockId || null,
    sessions: draft.sessions.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      title: s.title,
      passage: s.passage,
      teaching: s.teaching,
      questions: s.questions.map((q) => q.trim()).filter(Boolean),
      challenge: s.challenge,
      prayer: s.prayer,
    })),
  };
}

function SessionFields(props: {
  session: SessionDraft;
  index: number;
  count: number;
  theme: FocusThemeId;
  onChange: (session: SessionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { session, index } = props;
  const guide = useDraftGuide();
  const headingId = useId();
  const teachingRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<SessionDraft>) => props.onChange({ ...session, ...patch });
  const draftGuide = () =>
    guide.mutate(
      { title: session.title, passage: session.passage, theme: props.theme, notes: "" },
      {
        onSuccess: (result) => {
          set({ ...result.guide });
          notify("Discussion guide drafted", "Read it through and make it yours before you save.");
          teachingRef.current?.focus();
        },
        onError: (error) => notifyCappedError("Couldn't draft the guide", error),
      },
    );
  return (
    <fieldset aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-pasture-900 dark:text-stone-50">
          Session {index + 1}
        </h3>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
            aria-label={`Move session ${index + 1} up`}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={index === props.count - 1}
            onClick={() => props.onMove(1)}
            aria-label={`Move session ${index + 1} down`}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={props.count === 1}
            onClick={props.onRemove}
            aria-label={`Remove session ${index + 1}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>
      <Field label="Title">
        {(ids) => (
          <Input
            id={ids.id}
            value={session.title}
            maxLength={SERIES_LIMITS.sessionTitle}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </Field>
      <Field label="Passage" hint="One passage of the World English Bible, such as James 1:19-27.">
        {(ids) => (
          <Input
            id={ids.id}
            aria-describedby={ids.describedBy}
            value={session.passage}
            maxLength={SERIES_LIMITS.reference}
            onChange={(e) => set({ passage: e.target.value })}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-parchment p-3 dark:bg-stone-800">
        <p className="min-w-0 flex-1 basis-48 text-sm text-stone-700 dark:text-stone-300">
          Draft the teaching, questions, challenge and prayer from the title and passage, then edit them.
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={guide.isPending || !session.title.trim() || !session.passage.trim()}
          onClick={draftGuide}
        >
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {guide.isPending ? "Drafting..." : "Draft a discussion guide"}
        </Button>
      </div>
      <Field label="Teaching" hint={`Up to ${SERIES_LIMITS.own.teachingWords.max} words. Leave a blank line between paragraphs.`}>
        {(ids) => (
          <Textarea
            ref={teachingRef}
            id={ids.id}
            aria-describedby={ids.describedBy}
            rows={8}
            value={session.teaching}
            onChange={(e) => set({ teaching: e.target.value })}
          />
        )}
      </Field>
      <div className="space-y-2">
        <p className="text-sm font-medium text-stone-800 dark:text-stone-200">Discussion questions</p>
        <ol className="space-y-2">
          {session.questions.map((question, q) => (
            <li key={q} className="flex items-center gap-2">
              <label htmlFor={`${headingId}-q${q}`} className="sr-only">
                Question {q + 1}
              </label>
              <Input
                id={`${headingId}-q${q}`}
                value={question}
                maxLength={SERIES_LIMITS.question}
                onChange={(e) => set({ questions: session.questions.map((v, i) => (i === q ? e.target.value : v)) })}
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={session.questions.length === 1}
                aria-label={`Remove question ${q + 1}`}
                onClick={() => set({ questions: session.questions.filter((_, i) => i !== q) })}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="ghost"
          size="sm"
          disabled={session.questions.length >= SERIES_LIMITS.own.questions.max}
          onClick={() => set({ questions: [...session.questions, ""] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a question
        </Button>
      </div>
      <Field label="Challenge for the week">
        {(ids) => (
          <Textarea
            id={ids.id}
            rows={2}
            maxLength={SERIES_LIMITS.challenge}
            value={session.challenge}
            onChange={(e) => set({ challenge: e.target.value })}
          />
        )}
      </Field>
      <Field label="Closing prayer">
        {(ids) => (
          <Textarea
            id={ids.id}
            rows={3}
            maxLength={SERIES_LIMITS.prayer}
            value={session.prayer}
            onChange={(e) => set({ prayer: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}

/** The series editor: its fields, where it is shared, and its sessions in order; Save creates or replaces it. */
export function SeriesEditor({ series }: { series: EditableSeries | null }) {
  const [draft, setDraft] = useState<SeriesDraft>(() => draftOf(series));
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const save = useSaveSeries();
  const flocks = useFlocks();
  const navigate = useNavigate();
  const set = (patch: Partial<SeriesDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setSession = (index: number, session: SessionDraft) =>
    setDraft((d) => ({ ...d, sessions: d.sessions.map((s, i) => (i === index ? session : s)) }));
  const move = (index: number, by: -1 | 1) =>
    setDraft((d) => {
      const sessions = [...d.sessions];
      const [moved] = sessions.splice(index, 1);
      sessions.splice(index + by, 0, moved!);
      return { ...d, sessions };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { seriesId: series?.id ?? null, series: inputOf(draft) },
      {
        onSuccess: ({ id }) => {
          notify(series ? "Series saved" : "Series created");
          void navigate(seriesPath(id));
        },
        onError: (error) => {
          setProblem(errorMessage(error));
          requestAnimationFrame(() => problemRef.current?.focus());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {problem ? (
        <p
          ref={problemRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {problem}
        </p>
      ) : null}
      <Card className="space-y-4">
        <Field label="Series title">
          {(ids) => (
            <Input
              id={ids.id}
              value={draft.title}
              maxLength={SERIES_LIMITS.title}
              onChange={(e) => set({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Promise" hint="In a line, what the series gives the men who take it.">
          {(ids) => (
            <Input
              id={ids.id}
              aria-describedby={ids.describedBy}
              value={draft.promise}
              maxLength={SERIES_LIMITS.promise}
              onChange={(e) => set({ promise: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description">
          {(ids) => (
            <Textarea
              id={ids.id}
              rows={3}
              value={draft.description}
              maxLength={SERIES_LIMITS.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <Field label="Theme">
          {(ids) => (
            <Select id={ids.id} value={draft.theme} onChange={(e) => set({ theme: e.target.value as FocusThemeId })}>
              {FOCUS_THEMES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Who can see it" hint="Members of the flock you choose can read and follow it. Otherwise it is yours alone.">
          {(ids) => (
            <Select
              id={ids.id}
              aria-describedby={ids.describedBy}
              value={draft.flockId}
              onChange={(e) => set({ flockId: e.target.value })}
            >
              <option value="">Only me</option>
              {(flocks.data?.flocks ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  Shared with {f.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Card>
      <section aria-labelledby="editor-sessions" className="space-y-4">
        <h2 id="editor-sessions" className="font-serif text-xl font-semibold">
          Sessions
        </h2>
        {draft.sessions.map((session, index) => (
          <SessionFields
            key={session.key}
            session={session}
            index={index}
            count={draft.sessions.length}
            theme={draft.theme}
            onChange={(s) => setSession(index, s)}
            onMove={(by) => move(index, by)}
            onRemove={() => setDraft((d) => ({ ...d, sessions: d.sessions.filter((_, i) => i !== index) }))}
          />
        ))}
        <Button
          variant="secondary"
          disabled={draft.sessions.length >= SERIES_LIMITS.own.sessions.max}
          onClick={() => setDraft((d) => ({ ...d, sessions: [...d.sessions, emptySession()] }))}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a session
        </Button>
      </section>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : series ? "Save series" : "Create series"}
        </Button>
        <Button variant="ghost" onClick={() => void navigate(series ? seriesPath(series.id) : "/pasture/library")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
