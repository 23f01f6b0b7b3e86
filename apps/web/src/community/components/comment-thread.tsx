import { useEffect, useId, useRef, useState } from "react";
import { COMMENT_MAX, type Comment, type ReportTarget } from "@shepherd/shared/community";
import { Button } from "@/components/ui/button";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { notify, showError } from "@/lib/toast";
import type { CommentKind, CommentParent } from "../api/comment-kind";
import { useCreateComment } from "../api/create-comment";
import { useDeleteComment } from "../api/delete-comment";
import { useComments } from "../api/get-comments";
import { useUpdateComment } from "../api/update-comment";
import { CharacterCount } from "@/components/ui/character-count";
import { EditBox } from "./edit-box";
import { ItemHeader } from "./item-header";
import { MentionText } from "./mention-text";
import { MentionTextarea } from "./mention-textarea";
import { ReportDialog } from "./report-dialog";

/** What one comment's actions use: the thread's edit and delete calls, and what a report of it is about. */
interface CommentActions {
  edit: ReturnType<typeof useUpdateComment>;
  remove: ReturnType<typeof useDeleteComment>;
  reportTarget: ReportTarget;
}

function CommentItem({ comment, calls, marked }: { comment: Comment; calls: CommentActions; marked: boolean }) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const deleting = calls.remove.isPending && calls.remove.variables === comment.id;
  const item = useRef<HTMLLIElement>(null);
  // The comment a notification points at is brought into view once, when the thread has loaded.
  useEffect(() => {
    if (marked) item.current?.scrollIntoView({ block: "center" });
  }, [marked]);
  return (
    <li
      ref={item}
      id={`comment-${comment.id}`}
      className={cn("space-y-2 py-3", marked && "-mx-2 rounded-lg bg-gold-300/25 px-2 dark:bg-gold-500/10")}
      aria-current={marked ? "true" : undefined}
    >
      <ItemHeader
        author={comment.author}
        at={comment.created_at}
        edited={comment.edited}
        hidden={comment.hidden}
        what={"comment"}
        mine={comment.mine}
        busy={deleting}
        editing={editing}
        onEdit={() => setEditing(true)}
        onReport={() => setReporting(true)}
        onDelete={() => calls.remove.mutate(comment.id, { onSuccess: () => notify("Comment deleted"), onError: showError })}
      />
      {editing ? (
        <EditBox
          label="Edit your comment"
          initial={comment.body}
          max={COMMENT_MAX}
          rows={3}
          saving={calls.edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={(body) =>
            calls.edit.mutate(
              { id: comment.id, body },
              { onSuccess: () => (setEditing(false), notify("Comment updated")), onError: showError },
            )
          }
        />
      ) : (
        <MentionText text={comment.body} className="pl-12 text-sm text-stone-800 dark:text-stone-200" />
      )}
      {reporting ? (
        <ReportDialog open onClose={() => setReporting(false)} targetType={calls.reportTarget} targetId={comment.id} />
      ) : null}
    </li>
  );
}

function AddComment({ add }: { add: ReturnType<typeof useCreateComment> }) {
  const id = useId();
  const [body, setBody] = useState("");
  const submit = () => {
    const text = body.trim();
    if (!text || add.isPending) return;
    add.mutate(text, {
      onSuccess: () => {
        setBody("");
        notify("Comment added");
      },
      onError: showError,
    });
  };
  return (
    <form
      className="space-y-2 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Add a comment
      </label>
      <MentionTextarea
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        placeholder="Write a comment... (@ to mention a brother)"
        aria-describedby={`${id}-count`}
        value={body}
        onValueChange={setBody}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
        className="min-h-16"
      />
      <div className="flex items-center justify-between gap-2">
        <CharacterCount id={`${id}-count`} length={body.length} max={COMMENT_MAX} />
        <Button type="submit" size="sm" disabled={add.isPending || body.trim().length === 0}>
          {add.isPending ? "Sending..." : "Comment"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The comments under a post or reflection (any kind), oldest first, with a box to add one. `marked` names a comment
 * to show highlighted and in view (the one a notification is about).
 */
export function CommentThread<P extends CommentParent>({
  kind,
  parent,
  id,
  marked,
}: {
  kind: CommentKind<P>;
  parent: P;
  id: string;
  marked?: string | null;
}) {
  const list = useComments(kind, parent.id);
  const add = useCreateComment(kind, parent);
  const edit = useUpdateComment(kind, parent);
  const remove = useDeleteComment(kind, parent);
  const calls = { edit, remove, reportTarget: kind.reportTarget };
  return (
    <div id={id} className="border-t border-stone-200 pt-1 dark:border-stone-800">
      <QueryState
        query={list}
        look="compact"
        loading={
          <Loading label="Loading comments" className="space-y-3 py-3">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </Loading>
        }
        error="Couldn't load the comments."
        isEmpty={(comments) => comments.length === 0}
        empty={kind.empty ?? "No comments yet. Be the first to encourage him."}
      >
        {(comments) => (
          <ul className="divide-y divide-stone-100 dark:divide-stone-800">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} calls={calls} marked={comment.id === marked} />
            ))}
          </ul>
        )}
      </QueryState>
      <AddComment add={add} />
    </div>
  );
}
