import { useId, useState } from "react";
import { REFLECTION_MAX, type Reflection } from "@shepherd/shared/community";
import { CommentsToggle, CommentThread, EditBox, ItemHeader, MentionText, ReportDialog } from "@/community";
import { Card } from "@/components/ui/card";
import { notify, showError } from "@/lib/toast";
import { useDeleteReflection } from "../api/delete-reflection";
import { reflectionComments } from "../api/reflection-comments";
import { useUpdateReflection } from "../api/update-reflection";

/** One brother's reflection in a flock: the prompt it answers, his words, and the comments under it. */
export function ReflectionCard({
  reflection,
  openComments = false,
  markedComment,
}: {
  reflection: Reflection;
  openComments?: boolean;
  markedComment?: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(openComments);
  const commentsId = useId();
  const update = useUpdateReflection();
  const remove = useDeleteReflection();
  const authorName = reflection.author.display_name ?? reflection.author.username ?? "a brother";
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <article className="space-y-3" aria-label={`Reflection by ${authorName}`}>
        <ItemHeader
          author={reflection.author}
          at={reflection.created_at}
          edited={reflection.edited}
          hidden={reflection.hidden}
          what={"reflection"}
          mine={reflection.mine}
          busy={remove.isPending}
          editing={editing}
          onEdit={() => setEditing(true)}
          onReport={() => setReporting(true)}
          onDelete={() => remove.mutate(reflection, { onSuccess: () => notify("Reflection deleted"), onError: showError })}
        />
        {reflection.prompt ? (
          <blockquote className="border-l-4 border-gold-400 pl-3 text-sm text-stone-700 italic dark:text-stone-300">
            {reflection.devotional_title ? (
              <span className="block text-xs font-semibold text-stone-600 not-italic dark:text-stone-400">
                {reflection.devotional_title}
              </span>
            ) : null}
            {reflection.prompt}
          </blockquote>
        ) : null}
        {editing ? (
          <EditBox
            label="Edit your reflection"
            initial={reflection.body}
            max={REFLECTION_MAX}
            saving={update.isPending}
            onCancel={() => setEditing(false)}
            onSave={(body) =>
              update.mutate(
                { id: reflection.id, body },
                { onSuccess: () => (setEditing(false), notify("Reflection updated")), onError: showError },
              )
            }
          />
        ) : (
          <MentionText text={reflection.body} />
        )}
        <div className="flex justify-end">
          <CommentsToggle
            open={commentsOpen}
            onToggle={() => setCommentsOpen(!commentsOpen)}
            controls={commentsId}
            count={reflection.comment_count}
          />
        </div>
      </article>
      {commentsOpen ? (
        <CommentThread kind={reflectionComments} parent={reflection} id={commentsId} marked={markedComment} />
      ) : null}
      {reporting ? (
        <ReportDialog open onClose={() => setReporting(false)} targetType="reflection" targetId={reflection.id} />
      ) : null}
    </Card>
  );
}
