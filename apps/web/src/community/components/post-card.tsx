import { BookOpen, HandHeart, Heart } from "lucide-react";
import { useId, useState, type ComponentType } from "react";
import { POST_MAX, type Post, type ReactionKind } from "@shepherd/shared/community";
import { Card } from "@/components/ui/card";
import { ScriptureLink } from "@/components/scripture/scripture-link";
import { useDeletePost } from "../api/delete-post";
import { postComments } from "../api/post-comments";
import { useReactToPost } from "../api/react-to-post";
import { useUpdatePost } from "../api/update-post";
import { cn } from "@/lib/cn";
import { notify, showError } from "@/lib/toast";
import { CommentThread } from "./comment-thread";
import { CommentsToggle } from "./comments-toggle";
import { EditBox } from "./edit-box";
import { ItemHeader } from "./item-header";
import { MentionText } from "./mention-text";
import { ReportDialog } from "./report-dialog";
import { ScriptureRefField, scriptureRefError } from "./scripture-ref-field";

const REACTIONS: Array<{ kind: ReactionKind; label: string; icon: ComponentType<{ className?: string }> }> = [
  { kind: "praying", label: "Praying for you", icon: HandHeart },
  { kind: "encourage", label: "Encouraged", icon: Heart },
];

function ReactionButton(props: {
  label: string;
  icon: ComponentType<{ className?: string }>;
  on: boolean;
  count: number;
  onToggle: () => void;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      aria-pressed={props.on}
      onClick={props.onToggle}
      className={cn(
        "inline-flex min-h-9 flex-wrap items-center justify-center gap-x-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors",
        props.on
          ? "border-pasture-600 bg-pasture-50 text-pasture-800 dark:border-gold-400 dark:bg-stone-800 dark:text-gold-300"
          : "border-stone-300 text-stone-700 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800",
      )}
    >
      <Icon aria-hidden="true" className={cn("h-4 w-4", props.on && "fill-current")} />
      <span>{props.label}</span>
      {/* No "0": a count shows once someone has reacted. */}
      {props.count > 0 ? <span className="tabular-nums">{props.count}</span> : null}
    </button>
  );
}

function EditPost({ post, onDone }: { post: Post; onDone: () => void }) {
  const update = useUpdatePost();
  const [reference, setReference] = useState(post.scripture_ref ?? "");
  const [touched, setTouched] = useState(false);
  return (
    <EditBox
      label={post.kind === "prayer_request" ? "Edit your prayer request" : "Edit your post"}
      initial={post.body}
      max={POST_MAX}
      saving={update.isPending}
      canSave={!scriptureRefError(reference)}
      onCancel={onDone}
      onSave={(body) =>
        update.mutate(
          { id: post.id, body, scripture_ref: reference.trim() || null },
          { onSuccess: () => (onDone(), notify("Post updated")), onError: showError },
        )
      }
    >
      <ScriptureRefField value={reference} onChange={setReference} showError={touched} onBlur={() => setTouched(true)} />
    </EditBox>
  );
}

/** One post in The Pasture: who, when, the text (mentions highlighted), reactions, comments, and what I may do with it. */
export function PostCard({
  post,
  openComments = false,
  markedComment,
}: {
  post: Post;
  openComments?: boolean;
  markedComment?: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(openComments);
  const commentsId = useId();
  const react = useReactToPost();
  const remove = useDeletePost();
  const prayer = post.kind === "prayer_request";
  const authorName = post.author.display_name ?? post.author.username ?? "a brother";
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <article className="space-y-3" aria-label={`${prayer ? "Prayer request" : "Post"} by ${authorName}`}>
        <ItemHeader
          author={post.author}
          at={post.created_at}
          edited={post.edited}
          hidden={post.hidden}
          what={prayer ? "prayer request" : "post"}
          mine={post.mine}
          busy={remove.isPending}
          editing={editing}
          onEdit={() => setEditing(true)}
          onReport={() => setReporting(true)}
          onDelete={() => remove.mutate(post.id, { onSuccess: () => notify("Post deleted"), onError: showError })}
        />
        {prayer ? (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-gold-300/40 px-2.5 py-0.5 text-xs font-semibold text-pasture-900 dark:bg-gold-500/20 dark:text-gold-300">
            <HandHeart aria-hidden="true" className="h-3.5 w-3.5" />
            Prayer request
          </p>
        ) : null}
        {editing ? (
          <EditPost post={post} onDone={() => setEditing(false)} />
        ) : (
          <>
            <MentionText text={post.body} className="text-stone-900 dark:text-stone-100" />
            {post.scripture_ref ? (
              <p className="inline-flex items-center gap-1.5 text-sm font-medium text-pasture-800 dark:text-gold-300">
                <BookOpen aria-hidden="true" className="h-4 w-4" />
                <ScriptureLink reference={post.scripture_ref} />
              </p>
            ) : null}
          </>
        )}
        {post.image_url ? (
          <img
            src={post.image_url}
            alt={`Picture shared by ${authorName}`}
            loading="lazy"
            className="max-h-[28rem] w-full rounded-xl border border-stone-200 object-cover dark:border-stone-800"
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {REACTIONS.map(({ kind, label, icon }) => {
            const on = post.my_reactions.includes(kind);
            return (
              <ReactionButton
                key={kind}
                label={label}
                icon={icon}
                on={on}
                count={post.reactions[kind]}
                onToggle={() => react.mutate({ postId: post.id, kind, on: !on }, { onError: showError })}
              />
            );
          })}
          <CommentsToggle
            open={commentsOpen}
            onToggle={() => setCommentsOpen(!commentsOpen)}
            controls={commentsId}
            count={post.comment_count}
            className="ml-auto"
          />
        </div>
      </article>
      {commentsOpen ? <CommentThread kind={postComments} parent={post} id={commentsId} marked={markedComment} /> : null}
      {reporting ? <ReportDialog open onClose={() => setReporting(false)} targetType="post" targetId={post.id} /> : null}
    </Card>
  );
}
