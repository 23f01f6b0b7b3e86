import { z } from "zod";
import { USERNAME_MAX, USERNAME_MIN } from "./constants";

/**
 * The community: The Pasture (a feed of posts and prayer requests), My Flock (small groups and their reflections)
 * and @mentions. The spec leaves their content "not shown"; the design is in docs/community.md.
 */

export const POST_KINDS = ["post", "prayer_request"] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** "Praying for you" and "Encouraged": one of each per person per post. */
export const REACTION_KINDS = ["praying", "encourage"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

export const REPORT_TARGETS = [
  "post",
  "comment",
  "reflection",
  "reflection_comment",
  "plan_day_comment",
  "series_session_comment",
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const POST_MAX = 2000;
export const COMMENT_MAX = 1000;
export const REFLECTION_MAX = 2000;
export const REPORT_REASON_MAX = 500;
export const SCRIPTURE_REF_MAX = 60;
export const FLOCK_NAME_MIN = 3;
export const FLOCK_NAME_MAX = 60;
export const FLOCK_DESCRIPTION_MAX = 300;
/** A reflection's prompt: the question it answers (often the day's devotional's). */
export const REFLECTION_PROMPT_MAX = 300;
/** A flock is a small group: brothers who know each other. */
export const FLOCK_MEMBERS_MAX = 24;
export const FEED_PAGE_SIZE = 20;
export const REFLECTION_PAGE_SIZE = 20;
/** More mentions than this in one text notify only the first ones (no one can spam a crowd with one post). */
export const MENTIONS_PER_ITEM_MAX = 10;
/** The longest a notification's content gets: the start of the text that mentions the person. */
export const NOTIFICATION_CONTENT_MAX = 140;

const MENTION = new RegExp(`(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}})(?![A-Za-z0-9_])`, "g");

/** The usernames a text mentions (@name), lower-cased, each once, in order of first appearance. */
export function extractMentions(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) found.add(match[2]!.toLowerCase());
  return [...found];
}

/** What a notification says about the text that mentions someone: its start, on one line. */
export function mentionExcerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > NOTIFICATION_CONTENT_MAX ? `${line.slice(0, NOTIFICATION_CONTENT_MAX - 1).trimEnd()}…` : line;
}

/** The @word being typed at the caret, for mention autocomplete: its start index and the letters so far. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

const trimmedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be ${max} characters or less`);

export const scriptureRefSchema = z
  .string({ error: "The scripture reference must be text" })
  .trim()
  .max(SCRIPTURE_REF_MAX, `A scripture reference must be ${SCRIPTURE_REF_MAX} characters or less`)
  .regex(/^[1-3]?\s?[A-Za-z][A-Za-z .]*\s\d{1,3}(:\d{1,3}(-\d{1,3})?)?$/, 'Write the reference like "John 3:16" or "Psalm 23"');

export const postInput = z
  .object({
    kind: z.enum(POST_KINDS, { error: "kind must be post or prayer_request" }).default("post"),
    body: trimmedText("Your post", POST_MAX),
    scripture_ref: scriptureRefSchema.nullable().optional(),
    /** From POST /api/pasture/images. */
    image_url: z.string().max(300).nullable().optional(),
  })
  .strict();
export type PostInput = z.infer<typeof postInput>;

export const postUpdateInput = z
  .object({
    body: trimmedText("Your post", POST_MAX).optional(),
    scripture_ref: scriptureRefSchema.nullable().optional(),
  })
  .strict();

export const commentInput = z.object({ body: trimmedText("Your comment", COMMENT_MAX) }).strict();

export const feedQuery = z
  .object({
    before: z.string().max(100).optional(),
    author: z.string().max(64).optional(),
    kind: z.enum(POST_KINDS).optional(),
  })
  .strict();

export const reportInput = z
  .object({
    target_type: z.enum(REPORT_TARGETS, {
      error: "target_type must be post, comment, reflection, reflection_comment, plan_day_comment or series_session_comment",
    }),
    target_id: z.string().uuid("target_id must be an id"),
    reason: z
      .string({ error: "Say in a few words what is wrong" })
      .trim()
      .min(3, "Say in a few words what is wrong")
      .max(REPORT_REASON_MAX, `Keep the reason to ${REPORT_REASON_MAX} characters or less`),
  })
  .strict();

export const userSearchQuery = z.object({ q: z.string().max(USERNAME_MAX).default("") }).strict();

export const flockInput = z
  .object({
    name: z
      .string({ error: "The flock's name must be text" })
      .trim()
      .min(FLOCK_NAME_MIN, `A flock's name must be at least ${FLOCK_NAME_MIN} characters`)
      .max(FLOCK_NAME_MAX, `A flock's name must be ${FLOCK_NAME_MAX} characters or less`),
    description: z
      .string()
      .trim()
      .max(FLOCK_DESCRIPTION_MAX, `The description must be ${FLOCK_DESCRIPTION_MAX} characters or less`)
      .optional(),
  })
  .strict();

export const flockInviteInput = z
  .object({ username: z.string({ error: "Give the username to invite" }).trim().min(1, "Give the username to invite").max(60) })
  .strict();

export const reflectionInput = z
  .object({
    body: trimmedText("Your reflection", REFLECTION_MAX),
    /** The prompt it answers: a devotional's reflection question or one the writer sets. */
    prompt: z
      .string()
      .trim()
      .max(REFLECTION_PROMPT_MAX, `The prompt must be ${REFLECTION_PROMPT_MAX} characters or less`)
      .optional(),
    devotional_id: z.string().uuid().optional(),
  })
  .strict();
export const reflectionUpdateInput = z.object({ body: trimmedText("Your reflection", REFLECTION_MAX) }).strict();

export const reflectionListQuery = z.object({ before: z.string().max(100).optional() }).strict();

export interface PersonRef {
  id: string;
  display_name: string | null;
  username: string | null;
  avatar_url: string | null;
}

export interface Post {
  id: string;
  kind: PostKind;
  author: PersonRef;
  body: string;
  scripture_ref: string | null;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  edited: boolean;
  comment_count: number;
  reactions: Record<ReactionKind, number>;
  my_reactions: ReactionKind[];
  mine: boolean;
  /** Hidden by an admin: only its author and admins see it (and this flag). */
  hidden: boolean;
}

export interface Page<T> {
  items: T[];
  /** Pass as `before` for the next (older) page; null at the end. */
  next_cursor: string | null;
}

export interface Comment {
  id: string;
  author: PersonRef;
  body: string;
  created_at: string;
  edited: boolean;
  mine: boolean;
  /** Hidden by an admin: only its author and admins see it (and this flag). */
  hidden: boolean;
}

export type FlockRole = "owner" | "member";

export interface FlockSummary {
  id: string;
  name: string;
  description: string | null;
  member_count: number;
  my_role: FlockRole;
  last_activity_at: string;
}

export interface FlockInvitation {
  flock_id: string;
  flock_name: string;
  invited_by: PersonRef | null;
  created_at: string;
}

export interface FlockMember extends PersonRef {
  role: FlockRole;
  joined_at: string;
  /** Only when that brother shares his streak (Settings), else null. */
  streak: number | null;
}

export interface FlockDetail {
  id: string;
  name: string;
  description: string | null;
  my_role: FlockRole;
  invite_code: string;
  members: FlockMember[];
  pending: PersonRef[];
  created_at: string;
}

export interface FlockInvitePreview {
  flock_id: string;
  name: string;
  description: string | null;
  member_count: number;
  already_member: boolean;
}

export interface Reflection {
  id: string;
  flock_id: string;
  author: PersonRef;
  body: string;
  prompt: string | null;
  devotional_title: string | null;
  created_at: string;
  edited: boolean;
  comment_count: number;
  mine: boolean;
  /** Hidden by an admin: only its author and admins see it (and this flag). */
  hidden: boolean;
}

export interface PublicProfile extends PersonRef {
  focus: string[];
  joined_at: string;
  is_me: boolean;
  /** Shared only when he chooses to (or it is me). */
  streak: number | null;
}

/** What the realtime channel (GET /api/realtime, server-sent events) pushes. */
export type RealtimeEvent = { type: "notifications"; change: "insert" | "update" | "delete" };

/** A report as the admin Reports page lists it. */
export interface ContentReport {
  id: string;
  target_type: ReportTarget;
  target_id: string;
  /** The reported text as it was when reported. */
  excerpt: string;
  reason: string;
  status: "open" | "resolved";
  created_at: string;
  author: { id: string; display_name: string | null; username: string | null } | null;
  reporter: { id: string; display_name: string | null; username: string | null } | null;
  /** Whether what was reported is hidden now; null when it is gone (removed, or deleted by its author). */
  hidden: boolean | null;
  /** Whether its author is banned. */
  author_banned: boolean;
}

export const reportListQuery = z.object({ status: z.enum(["open", "resolved"]).default("open") }).strict();
export const resolveReportInput = z
  .object({ action: z.enum(["dismiss", "remove"], { error: "action must be dismiss or remove" }) })
  .strict();
