import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Comment, NotificationType, ReportTarget } from "@shepherd/shared";
import { schema, type Database, type Executor, type Transaction } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { notifyMentions } from "../notifications/service";
import { personColumns, personRef } from "../profiles/people";

/**
 * One comment thread for everything people comment on (a Pasture post, a flock's reflection; later a plan day and a
 * series session). A kind is described once (its table, its parent and the parent's comment count, who may see the
 * thread, which notification a mention makes) and every thread then works the same way: oldest first, the author edits
 * and deletes his own, @mentions notify (only the thread's audience), the parent's count moves in the same transaction,
 * and an admin's removal of a reported comment goes through here too.
 */

/** The columns every comment table has, under these names. */
interface CommentColumns {
  id: PgColumn;
  parentId: PgColumn;
  userId: PgColumn;
  body: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  hiddenAt: PgColumn;
}

export interface CommentKindDefinition {
  /** The parent in messages: "post" makes "That post was not found.". */
  parentName: string;
  table: PgTable;
  columns: CommentColumns;
  parent: { table: PgTable; id: PgColumn; commentCount: PgColumn };
  /** The notification an @mention in one of these comments makes. */
  mentionType: NotificationType;
  /** How a report of one of these comments names its target. */
  reportTarget: ReportTarget;
  /**
   * Checks that `userId` may read and write this parent's thread, throwing 404 when he may not (to an outsider the
   * parent does not exist). Answers who a mention may reach (undefined: any member), and what adding a comment
   * also changes (a flock's last activity).
   */
  open(
    db: Executor,
    options: { parentId: string; userId: string; isAdmin?: boolean },
  ): Promise<{ audience?: string[]; afterComment?: (tx: Transaction) => Promise<unknown> }>;
}

export interface CommentKind extends CommentKindDefinition {
  /** The property names of the parent id, the hidden time and the count, for Drizzle's insert and update. */
  keys: { parentId: string; hiddenAt: string; commentCount: string };
}

function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!found) throw new Error(`column ${column.name} is not in its table`);
  return found[0];
}

export function defineCommentKind(definition: CommentKindDefinition): CommentKind {
  return {
    ...definition,
    keys: {
      parentId: keyOf(definition.table, definition.columns.parentId),
      hiddenAt: keyOf(definition.table, definition.columns.hiddenAt),
      commentCount: keyOf(definition.parent.table, definition.parent.commentCount),
    },
  };
}

const { profiles } = schema;

/** A row someone wrote, read with its author's profile (personColumns). */
export interface AuthoredRow {
  userId: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  hiddenAt: Date | null;
}

/**
 * A row an admin hid (a reported post, reflection or comment) shows only to its author and to admins: the condition
 * for everyone else, or nothing for an admin.
 */
export function visibleTo(columns: { hiddenAt: PgColumn; userId: PgColumn }, viewer: { id: string; isAdmin?: boolean }) {
  if (viewer.isAdmin) return undefined;
  return sql`(${columns.hiddenAt} is null or ${columns.userId} = ${viewer.id})`;
}

/**
 * What every piece of community writing answers about its author: who wrote it, when, whether it was edited (changed
 * more than a second after it was written: a save right after writing is not an edit) and whether the viewer did.
 */
export function authorship(row: AuthoredRow, viewerId: string) {
  return {
    author: personRef(row),
    created_at: row.createdAt.toISOString(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    mine: row.userId === viewerId,
    hidden: row.hiddenAt !== null,
  };
}

function commentColumns(kind: CommentKind) {
  const c = kind.columns;
  return {
    id: c.id,
    body: c.body,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    hiddenAt: c.hiddenAt,
    userId: c.userId,
    ...personColumns,
  };
}

type CommentRow = AuthoredRow & { id: string; body: string };

function toComment(row: CommentRow, viewerId: string): Comment {
  return { id: row.id, body: row.body, ...authorship(row, viewerId) };
}

async function readComments(db: Executor, kind: CommentKind, where: SQL | undefined): Promise<CommentRow[]> {
  return (await db
    .select(commentColumns(kind))
    .from(kind.table)
    .innerJoin(profiles, eq(profiles.id, kind.columns.userId))
    .where(where)
    .orderBy(asc(kind.columns.createdAt), asc(kind.columns.id))) as CommentRow[];
}

async function getComment(db: Executor, kind: CommentKind, options: { commentId: string; viewerId: string }): Promise<Comment> {
  const [row] = await readComments(db, kind, eq(kind.columns.id, options.commentId));
  if (!row) throw notFound("That comment");
  return toComment(row, options.viewerId);
}

/**
 * A thread's comments, oldest first (a conversation reads top to bottom); a hidden one only for its author and admins.
 */
export async function listComments(
  db: Database,
  kind: CommentKind,
  options: { parentId: string; userId: string; isAdmin?: boolean },
): Promise<Comment[]> {
  await kind.open(db, options);
  const visible = visibleTo(kind.columns, { id: options.userId, isAdmin: options.isAdmin });
  const rows = await readComments(db, kind, and(eq(kind.columns.parentId, options.parentId), visible));
  return rows.map((r) => toComment(r, options.userId));
}

/** Moves the parent's comment count; answers whether the parent exists (its row stays locked until commit). */
async function countComment(tx: Executor, kind: CommentKind, parentId: string, step: 1 | -1): Promise<boolean> {
  const count = kind.parent.commentCount;
  const rows = await tx
    .update(kind.parent.table)
    .set({ [kind.keys.commentCount]: step > 0 ? sql`${count} + 1` : sql`greatest(${count} - 1, 0)` })
    .where(eq(kind.parent.id, parentId))
    .returning({ id: kind.parent.id });
  return rows.length > 0;
}

export async function createComment(
  db: Database,
  kind: CommentKind,
  options: { parentId: string; userId: string; body: string },
): Promise<Comment> {
  const id = await db.transaction(async (tx) => {
    if (!(await countComment(tx, kind, options.parentId, 1))) throw notFound(`That ${kind.parentName}`);
    const thread = await kind.open(tx, options);
    const [row] = (await tx
      .insert(kind.table)
      .values({ [kind.keys.parentId]: options.parentId, userId: options.userId, body: options.body })
      .returning({ id: kind.columns.id })) as Array<{ id: string }>;
    await thread.afterComment?.(tx);
    await notifyMentions(tx, {
      mentionerId: options.userId,
      type: kind.mentionType,
      sourceId: row!.id,
      text: options.body,
      audience: thread.audience,
    });
    return row!.id;
  });
  return getComment(db, kind, { commentId: id, viewerId: options.userId });
}

/** The comment, locked until the change commits; 404 when there is none. The caller then opens its thread. */
async function commentForChange(tx: Transaction, kind: CommentKind, options: { commentId: string; userId: string }) {
  const [row] = (await tx
    .select({ userId: kind.columns.userId, parentId: kind.columns.parentId, body: kind.columns.body })
    .from(kind.table)
    .where(eq(kind.columns.id, options.commentId))
    .for("update")) as Array<{ userId: string; parentId: string; body: string }>;
  if (!row) throw notFound("That comment");
  return row;
}

const notTheAuthor = () => new AppError("FORBIDDEN", "Only the person who wrote this comment can change it.");

/** Only the author edits; people newly @mentioned by the edit are notified (earlier ones are not again). */
export async function updateComment(
  db: Database,
  kind: CommentKind,
  options: { commentId: string; userId: string; body: string },
): Promise<Comment> {
  await db.transaction(async (tx) => {
    const before = await commentForChange(tx, kind, options);
    const thread = await kind.open(tx, { parentId: before.parentId, userId: options.userId });
    if (before.userId !== options.userId) throw notTheAuthor();
    await tx.update(kind.table).set({ body: options.body, updatedAt: new Date() }).where(eq(kind.columns.id, options.commentId));
    await notifyMentions(tx, {
      mentionerId: options.userId,
      type: kind.mentionType,
      sourceId: options.commentId,
      text: options.body,
      previousText: before.body,
      audience: thread.audience,
    });
  });
  return getComment(db, kind, { commentId: options.commentId, viewerId: options.userId });
}

/** The author deletes his comment (admins remove others' through a report, audited: see `removeComment`). */
export async function deleteComment(
  db: Database,
  kind: CommentKind,
  options: { commentId: string; userId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = await commentForChange(tx, kind, options);
    await kind.open(tx, { parentId: comment.parentId, userId: options.userId });
    if (comment.userId !== options.userId) throw notTheAuthor();
    if (!(await removeComment(tx, kind, options.commentId))) throw notFound("That comment");
  });
}

/**
 * Deletes a comment whoever wrote it (its author's delete, or an admin resolving a report); false when it was gone.
 * The parent's count holds the comments not hidden, so a hidden one leaves it as it is.
 */
export async function removeComment(tx: Transaction, kind: CommentKind, commentId: string): Promise<boolean> {
  const [row] = (await tx
    .delete(kind.table)
    .where(eq(kind.columns.id, commentId))
    .returning({ parentId: kind.columns.parentId, hiddenAt: kind.columns.hiddenAt })) as Array<{
    parentId: string;
    hiddenAt: Date | null;
  }>;
  if (!row) return false;
  if (row.hiddenAt === null) await countComment(tx, kind, row.parentId, -1);
  return true;
}

/**
 * Hides a comment from everyone but its author and admins, or shows it again (an admin's report action), moving the
 * parent's count with it, which holds the comments not hidden. False when the comment is gone.
 */
export async function setCommentHidden(tx: Transaction, kind: CommentKind, commentId: string, hidden: boolean): Promise<boolean> {
  const [row] = (await tx
    .select({ parentId: kind.columns.parentId, hiddenAt: kind.columns.hiddenAt })
    .from(kind.table)
    .where(eq(kind.columns.id, commentId))
    .for("update")) as Array<{ parentId: string; hiddenAt: Date | null }>;
  if (!row) return false;
  if ((row.hiddenAt !== null) === hidden) return true;
  await tx
    .update(kind.table)
    .set({ [kind.keys.hiddenAt]: hidden ? new Date() : null })
    .where(eq(kind.columns.id, commentId));
  await countComment(tx, kind, row.parentId, hidden ? -1 : 1);
  return true;
}

/** A comment's text and author for a report by `userId`, when he can see its thread. */
export async function commentForReport(
  db: Database,
  kind: CommentKind,
  options: { commentId: string; userId: string },
): Promise<{ body: string; authorId: string } | undefined> {
  const [row] = (await db
    .select({ body: kind.columns.body, authorId: kind.columns.userId, parentId: kind.columns.parentId })
    .from(kind.table)
    .where(eq(kind.columns.id, options.commentId))) as Array<{ body: string; authorId: string; parentId: string }>;
  if (!row) return undefined;
  try {
    await kind.open(db, { parentId: row.parentId, userId: options.userId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return undefined;
    throw error;
  }
  return { body: row.body, authorId: row.authorId };
}
