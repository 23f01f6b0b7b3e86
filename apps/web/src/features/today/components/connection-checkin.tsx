import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Checkin, TodayState } from "@shepherd/shared/api";
import { FOCUS_THEMES } from "@shepherd/shared/themes";
import {
  CONNECTION_SAVE_DEBOUNCE_MS,
  connectionLabel,
  connectionUpdatedText,
  moodFromConnection,
  SAVED_INDICATOR_MS,
  type Mood,
} from "@shepherd/shared/today";
import { useQueryClient } from "@tanstack/react-query";
import { CareCard } from "@/components/care/care-card";
import { WaitingToSync } from "@/components/offline/waiting-to-sync";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { patchTodayScreen } from "@/lib/devotional";
import { notify, notifyError } from "@/lib/toast";
import { useSaveCheckin } from "../api/save-checkin";
import { MOOD_WORDS, MoodChoice } from "./mood-choice";
import { saveConnection } from "../api/save-connection";
import { createLatestValueSaver } from "../latest-value-saver";

/** Spec section 4: the 0-100 connection slider, saved on change (debounced; the last value always lands). */
export function ConnectionSlider(props: { state: TodayState }) {
  const { devotional, progress, date, time_zone } = props.state;
  const [value, setValue] = useState(progress.spiritual_connection);
  const [updatedAt, setUpdatedAt] = useState(progress.connection_updated_at);
  // When the last save landed (ms), so a second save within 2 seconds keeps "saved" up for 2 seconds more.
  const [saved, setSaved] = useState<number | null>(null);
  const [, tick] = useState(0);
  const client = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(value);
  const [saver] = useState(() =>
    createLatestValueSaver({
      send: (next: number) => saveConnection(devotional.id, next),
      onSaved: (result) => {
        setUpdatedAt(result.progress.connection_updated_at);
        setSaved(Date.now());
        patchTodayScreen(client, (state) => ({
          ...state,
          progress: { ...state.progress, ...result.progress },
          whisper: result.whisper ?? state.whisper,
        }));
      },
      onError: (error) => notifyError("Error saving progress", errorMessage(error)),
    }),
  );

  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const onChange = (next: number) => {
    setValue(next);
    latest.current = next;
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      saver.save(latest.current);
    }, CONNECTION_SAVE_DEBOUNCE_MS);
  };
  useEffect(
    () => () => {
      // Leaving the page mid-drag still saves the last value.
      if (pending.current) {
        clearTimeout(pending.current);
        saver.save(latest.current);
      }
    },
    [saver],
  );

  return (
    <Card className="space-y-3">
      <div className="flex items-baseline justify-between">
        <label htmlFor="connection" className="font-semibold">
          How connected do you feel to God today?
        </label>
        <span aria-live="polite" className="text-xs text-stone-600 dark:text-stone-400">
          {saved !== null ? (
            <span className="inline-flex items-center gap-1 text-pasture-700 dark:text-gold-300">
              <Check aria-hidden="true" className="h-3 w-3" /> saved
            </span>
          ) : (
            connectionUpdatedText(updatedAt, new Date(), date, time_zone)
          )}
        </span>
      </div>
      <input
        id="connection"
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-valuetext={`${value}, ${connectionLabel(value)}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-pasture-700"
      />
      <p className="text-center font-serif text-lg text-pasture-800 dark:text-gold-300" data-testid="connection-label">
        {connectionLabel(value)}
      </p>
    </Card>
  );
}

/** Spec sections 2 and 4: the check-in card: collapsed, editing, saved summary with Edit. */
export function CheckinCard(props: { checkin: Checkin | null; connection: number; waiting?: boolean; onSaved?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [care, setCare] = useState(false);
  const save = useSaveCheckin();
  const existing = props.checkin;
  const [mood, setMood] = useState<Mood>((existing?.mood as Mood) ?? moodFromConnection(props.connection));
  const [focus, setFocus] = useState<string[]>(existing?.focus_areas ?? []);
  const [notes, setNotes] = useState(existing?.notes ?? "");
  // Where focus goes once the card has re-rendered: the button pressed is replaced, so focus must move, never drop.
  const [moveFocus, setMoveFocus] = useState<"form" | "summary" | "opener" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!moveFocus) return;
    if (moveFocus === "form") form.current?.querySelector<HTMLInputElement>("input[type=radio]:checked")?.focus();
    if (moveFocus === "summary") heading.current?.focus();
    if (moveFocus === "opener") opener.current?.focus();
    setMoveFocus(null);
  }, [moveFocus]);

  const open = () => {
    setMood((existing?.mood as Mood) ?? moodFromConnection(props.connection));
    setFocus(existing?.focus_areas ?? []);
    setNotes(existing?.notes ?? "");
    setEditing(true);
    setMoveFocus("form");
  };
  const submit = () => {
    if (save.isPending) return;
    save.mutate(
      { mood, focus_areas: focus, notes: notes.trim() || undefined, spiritual_connection: props.connection },
      {
        onSuccess: (result) => {
          setEditing(false);
          // Kept on the device, it was announced as such; the care card comes when it syncs (app/pwa.tsx).
          setCare(!result.queued && result.care);
          setMoveFocus("summary");
          if (!result.queued) notify("Walk recorded");
          props.onSaved?.();
        },
        onError: () => notifyError("Couldn't save check-in", "Please try again."),
      },
    );
  };

  return (
    <Card className="space-y-3" aria-labelledby="checkin-title">
      <div className="flex items-center justify-between">
        <h3 id="checkin-title" ref={heading} tabIndex={-1} className="font-semibold">
          Daily check-in
        </h3>
        {existing && !editing ? (
          <Button ref={opener} variant="ghost" size="sm" onClick={open}>
            Edit
          </Button>
        ) : null}
      </div>
      {!editing && !existing ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-700 dark:text-stone-300">Take a moment to name how your walk is going today.</p>
          <Button ref={opener} onClick={open}>
            Check in
          </Button>
        </div>
      ) : null}
      {!editing && existing ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="checkin-summary">
          <dt className="text-stone-600 dark:text-stone-400">Mood</dt>
          <dd>{MOOD_WORDS[existing.mood as Mood] ?? existing.mood}</dd>
          <dt className="text-stone-600 dark:text-stone-400">Focus</dt>
          <dd>
            {existing.focus_areas.length
              ? existing.focus_areas.map((f) => FOCUS_THEMES.find((t) => t.id === f)?.label ?? f).join(", ")
              : "None"}
          </dd>
          {existing.notes ? (
            <>
              <dt className="text-stone-600 dark:text-stone-400">Notes</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{existing.notes}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {!editing && existing && props.waiting ? <WaitingToSync /> : null}
      {editing ? (
        <form
          ref={form}
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <MoodChoice value={mood} onChange={setMood} />
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm font-medium">Focus areas (optional)</legend>
            <div className="flex flex-wrap gap-2">
              {FOCUS_THEMES.map((t) => {
                const on = focus.includes(t.id);
                return (
                  <button
                    key={t.id}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setFocus(on ? focus.filter((f) => f !== t.id) : [...focus, t.id])}
                    className={cn(
                      "min-h-9 rounded-full border px-3 text-sm",
                      on ? "border-pasture-600 bg-pasture-700 text-white" : "border-stone-300 dark:border-stone-700",
                    )}
                  >
                    {t.label}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div className="space-y-1">
            <label htmlFor="checkin-notes" className="text-sm font-medium">
              Notes (optional)
            </label>
            <Textarea id="checkin-notes" maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save check-in"}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setMoveFocus("opener");
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {care ? <CareCard /> : null}
    </Card>
  );
}
