import type { Checkin, TodayState } from "@shepherd/shared/api";
import type { PlanDetail } from "@shepherd/shared/path";
import type { ChapterAnnotations, HighlightColor } from "@shepherd/shared/word";
import type { QueuedWrite } from "./queue";

/**
 * Issue 18: what a page shows of the writes still waiting on this device, so a write made offline shows as done while
 * it waits, across a reload too (the worker's cached answers do not have it yet). Each function lays his queued writes,
 * oldest first, over what the server last answered.
 */

const COMPLETE_DEVOTIONAL = "/api/progress/complete";
const CHECKIN = "/api/checkins/today";
const JOURNAL = "/api/journal";
const isJournalEntry = (w: QueuedWrite) => w.method === "POST" && w.path === JOURNAL;
const PLAN_DAY_COMPLETE = /^\/api\/path\/plans\/([^/]+)\/days\/(\d+)\/complete$/;

interface CheckinBody {
  mood: string;
  focus_areas?: string[];
  notes?: string;
  spiritual_connection?: number;
  made_on?: string;
}

/**
 * Today with Mark Complete, the check-in and the devotional's journal entry he made offline; `waiting` says which of
 * the first two have not synced yet.
 */
export function todayWithQueued(
  state: TodayState,
  writes: QueuedWrite[],
): { state: TodayState; waiting: { complete: boolean; checkin: boolean } } {
  const complete = writes.find(
    (w) =>
      w.method === "POST" &&
      w.path === COMPLETE_DEVOTIONAL &&
      (w.body as { devotional_id?: string })?.devotional_id === state.devotional.id,
  );
  const journal = writes.some(
    (w) => isJournalEntry(w) && (w.body as { devotional_id?: string })?.devotional_id === state.devotional.id,
  );
  const checkins = writes.filter(
    (w) => w.method === "PUT" && w.path === CHECKIN && ((w.body as CheckinBody).made_on ?? state.date) === state.date,
  );
  const last = checkins.at(-1);
  const checkin: Checkin | null = last ? queuedCheckin(last, state.date) : state.checkin;
  return {
    state: {
      ...state,
      progress: complete
        ? {
            ...state.progress,
            completed: true,
            completed_at: state.progress.completed_at ?? new Date(complete.createdAt).toISOString(),
          }
        : state.progress,
      checkin,
      journal_saved_today: state.journal_saved_today || journal,
    },
    waiting: { complete: Boolean(complete), checkin: Boolean(last) },
  };
}

function queuedCheckin(write: QueuedWrite, date: string): Checkin {
  const body = write.body as CheckinBody;
  return {
    check_in_date: body.made_on ?? date,
    mood: body.mood,
    focus_areas: body.focus_areas ?? [],
    notes: body.notes?.trim() || null,
    spiritual_connection: body.spiritual_connection ?? null,
    updated_at: new Date(write.createdAt).toISOString(),
  };
}

/** The day numbers of a plan he marked complete offline. */
export function queuedPlanDays(writes: QueuedWrite[], planId: string): number[] {
  return writes.flatMap((w) => {
    const match = w.method === "POST" ? PLAN_DAY_COMPLETE.exec(w.path) : null;
    return match && match[1] === planId ? [Number(match[2])] : [];
  });
}

/** A plan with the days he marked complete offline shown done. */
export function planWithQueued(plan: PlanDetail, writes: QueuedWrite[]): PlanDetail {
  const days = new Set(queuedPlanDays(writes, plan.id));
  if (days.size === 0) return plan;
  return { ...plan, days: plan.days.map((d) => (days.has(d.day_number) ? { ...d, completed: true } : d)) };
}

interface SelectionBody {
  book: string;
  chapter: number;
  verses: number[];
  color?: HighlightColor;
  content?: string;
}

/** A chapter's highlights, bookmarks and notes with the ones he changed offline, in the order he changed them. */
export function annotationsWithQueued(
  annotations: ChapterAnnotations,
  writes: QueuedWrite[],
  book: string,
  chapter: number,
): ChapterAnnotations {
  let { highlights, bookmarks, notes } = annotations;
  for (const write of writes) {
    if (!write.path.startsWith("/api/word/")) continue;
    const body = write.body as SelectionBody;
    if (body?.book !== book || body.chapter !== chapter) continue;
    const at = new Date(write.createdAt).toISOString();
    const verses = new Set(body.verses);
    if (write.path === "/api/word/highlights") {
      highlights = highlights.filter((h) => !verses.has(h.verse));
      if (write.method === "PUT" && body.color) {
        highlights = [
          ...highlights,
          ...body.verses.map((verse) => ({ book, chapter, verse, color: body.color!, updated_at: at })),
        ];
      }
    } else if (write.path === "/api/word/bookmarks") {
      bookmarks = bookmarks.filter((b) => !verses.has(b.verse));
      if (write.method === "PUT")
        bookmarks = [...bookmarks, ...body.verses.map((verse) => ({ book, chapter, verse, created_at: at }))];
    } else if (write.path === "/api/word/notes" && write.method === "POST" && body.content) {
      notes = [
        ...notes,
        { id: write.id, book, chapter, verses: body.verses, content: body.content, created_at: at, updated_at: at },
      ];
    }
  }
  return { highlights, bookmarks, notes };
}

/** Journal entries written offline, newest first, as the journal list shows them until they are sent. */
export function queuedJournalEntries(writes: QueuedWrite[]): Array<{ id: string; content: string; created_at: string }> {
  return writes
    .filter(isJournalEntry)
    .map((w) => ({ id: w.id, content: (w.body as { content: string }).content, created_at: new Date(w.createdAt).toISOString() }))
    .reverse();
}
