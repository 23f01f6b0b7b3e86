import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ReportTarget } from "@shepherd/shared/community";

/** What every commented item has: its id; the item itself carries a `comment_count`. */
export interface CommentParent {
  id: string;
}

/**
 * One kind of comments (under a post, under a reflection...): where they live on the server and in the cache. The
 * comment calls and <CommentThread> are the same for every kind; a new kind is one of these.
 */
export interface CommentKind<P extends CommentParent> {
  /** GET (oldest first) and POST: one parent's comments. */
  listPath: (parentId: string) => string;
  /** PATCH and DELETE: one comment (author only). */
  itemPath: (commentId: string) => string;
  /** The cache of one parent's comments. */
  queryKey: (parentId: string) => QueryKey;
  /** What a report of one of these comments is about. */
  reportTarget: ReportTarget;
  /** What the thread says before anyone has commented, when "encourage him" does not fit. */
  empty?: string;
  /** Changes the parent wherever it is cached: its comment_count after a comment is added or deleted. */
  patchParent: (client: QueryClient, parent: P, change: <T extends { comment_count: number }>(item: T) => T) => void;
}
