/** Today's rules (spec sections 4, 5, 8 and 9), used by the server and the web app alike. */

export const CONNECTION_MIN = 0;
export const CONNECTION_MAX = 100;
export const CONNECTION_STEP = 1;
export const CONNECTION_DEFAULT = 50;
/** Section 9: the "saved" indicator lasts 2 seconds. */
export const SAVED_INDICATOR_MS = 2000;
/** How long a drag of the slider settles before it is saved (the last value always lands). */
export const CONNECTION_SAVE_DEBOUNCE_MS = 400;
/** Section 9: streak look-back. */
export const STREAK_LOOKBACK_DAYS = 365;
/** Section 9: journal length. */
export const JOURNAL_MIN = 10;
export const JOURNAL_MAX = 5000;
export const JOURNAL_TOO_SHORT = "Journal entry must be at least 10 characters";
export const JOURNAL_TOO_LONG = "Journal entry too long";
/** Section 9: whisper triggers. */
export const VICTORY_JOURNAL_LENGTH = 50;
export const STRUGGLE_CONNECTION_BELOW = 30;
/** Section 9: audio. */
export const AUDIO_VOICE = "onyx";
export const PLAYBACK_SPEEDS = [1, 1.25, 1.5, 1.75, 2] as const;
/** Section 2: a devotional is not repeated for a user within this many days (issue: Today). */
export const NO_REPEAT_DAYS = 30;

/** Section 4: label bands. */
export function connectionLabel(value: number): string {
  if (value <= 12) return "Lost Sheep";
  if (value <= 37) return "Hearing His Voice";
  if (value <= 62) return "Following";
  if (value <= 87) return "In the Flock";
  return "Green Pastures";
}

export const MOODS = ["struggling", "neutral", "good", "great"] as const;
export type Mood = (typeof MOODS)[number];

/** Section 4: mood from the connection value. */
export function moodFromConnection(value: number): Mood {
  if (value < 25) return "struggling";
  if (value < 50) return "neutral";
  if (value < 75) return "good";
  return "great";
}

/** Section 4: when the connection was last set: "Just now", "{n}m ago", "{n}h ago", a date, or "Not set today". */
export function connectionUpdatedText(
  updatedAt: string | Date | null,
  now: Date = new Date(),
  today?: string,
  timeZone = "UTC",
): string {
  if (!updatedAt) return "Not set today";
  const at = new Date(updatedAt);
  if (today && localDate(at, timeZone) !== today) return "Not set today";
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return at.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone });
}

/** Section 5: the journal's rule; the first problem, or null. */
export function journalError(content: string): string | null {
  const trimmed = content.trim();
  if (trimmed.length < JOURNAL_MIN) return JOURNAL_TOO_SHORT;
  if (trimmed.length > JOURNAL_MAX) return JOURNAL_TOO_LONG;
  return null;
}

/** Section 9: which whisper, if any, an event triggers. */
export function whisperForJournal(content: string): "victory" | null {
  return content.trim().length > VICTORY_JOURNAL_LENGTH ? "victory" : null;
}

export function whisperForConnection(value: number): "struggle" | null {
  return value < STRUGGLE_CONNECTION_BELOW ? "struggle" : null;
}

/**
 * A slider change below 30 brings a struggle whisper when it moves the value below 30; a drag that stays below 30
 * (several saves) brings no more (docs/decisions/005-today.md).
 */
export function whisperForConnectionChange(previous: number, value: number): "struggle" | null {
  return whisperForConnection(value) && !whisperForConnection(previous) ? "struggle" : null;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat | null>();
const MAX_CACHED_ZONES = 1000;

function dayFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = dayFormatters.get(zone);
  if (formatter !== undefined) return formatter;
  try {
    formatter =
      zone.length <= 64
        ? new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
        : null;
  } catch {
    formatter = null;
  }
  if (dayFormatters.size >= MAX_CACHED_ZONES) dayFormatters.clear();
  dayFormatters.set(zone, formatter);
  return formatter;
}

/**
 * The last date answered per time zone, with its UTC minute. Since 2000 every zone's offset is a whole number of minutes
 * (Monrovia's -0:44:30, the last with seconds, ended in 1972), so a zone's date cannot change within a UTC minute: a
 * server answering many reads a second formats each zone's date about once a minute instead of on every read.
 */
const lastDates = new Map<string, { minute: number; date: string }>();
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(2000, 0, 1);

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const ms = at.getTime();
  const minute = Math.floor(ms / 60_000);
  const last = lastDates.get(timeZone);
  if (last && last.minute === minute) return last.date;
  const formatter = dayFormatter(timeZone);
  if (!formatter) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const parts = formatter.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  if (ms >= WHOLE_MINUTE_OFFSETS_SINCE) {
    if (lastDates.size >= MAX_CACHED_ZONES) lastDates.clear();
    lastDates.set(timeZone, { minute, date });
  }
  return date;
}

export function isValidTimeZone(zone: string): boolean {
  return dayFormatter(zone) !== null;
}

/** Section 2 and 3: the three built-in backup devotionals, chosen by day of year modulo 3. */
export function backupIndex(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 0);
  const dayOfYear = Math.floor((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - start) / 86_400_000);
  return dayOfYear % 3;
}

/** Sentences of a text, for highlighting in step with the audio (section 4). */
export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]+["”’)]*\s*|[^.!?]+$/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** Which sentence is being read at `time` of `duration`, in proportion to each sentence's length. */
export function sentenceAt(sentences: string[], time: number, duration: number): number {
  if (!sentences.length || !(duration > 0)) return -1;
  const total = sentences.reduce((n, s) => n + s.length, 0);
  const target = (Math.min(Math.max(time, 0), duration) / duration) * total;
  let run = 0;
  for (let i = 0; i < sentences.length; i++) {
    run += sentences[i]!.length;
    if (target < run) return i;
  }
  return sentences.length - 1;
}

/**
 * What Listen reads aloud: the title, the passage reference, then the body. The sentences cover all of it, so the
 * highlight keeps pace with what is heard; `bodyStart` is the index of the body's first sentence.
 */
export function listenScript(devotional: { title: string; passage: string; content: string }): {
  text: string;
  sentences: string[];
  bodyStart: number;
} {
  const lead = [devotional.title, devotional.passage].map((s) => s.trim()).map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
  const body = paragraphSentences(devotional.content).flat();
  return { text: [...lead, ...body].join(" "), sentences: [...lead, ...body], bodyStart: lead.length };
}

/** The body's paragraphs (split at blank lines), each as its sentences: how the text is shown and highlighted. */
export function paragraphSentences(content: string): string[][] {
  return content
    .split(/\n\s*\n/)
    .map((p) => splitSentences(p))
    .filter((p) => p.length > 0);
}

/** The body sentence being read at `time` of `duration`, or -1 while the title and passage are read (or nothing is). */
export function bodySentenceAt(script: { sentences: string[]; bodyStart: number }, time: number, duration: number): number {
  const index = sentenceAt(script.sentences, time, duration);
  return index < script.bodyStart ? -1 : index - script.bodyStart;
}

export function nextPlaybackSpeed(current: number): number {
  const index = PLAYBACK_SPEEDS.indexOf(current as (typeof PLAYBACK_SPEEDS)[number]);
  return PLAYBACK_SPEEDS[(index + 1) % PLAYBACK_SPEEDS.length]!;
}
