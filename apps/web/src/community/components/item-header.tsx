import type { PersonRef } from "@shepherd/shared/community";
import { AuthorLine } from "./author-line";
import { ItemActions } from "./item-actions";

/**
 * The top of a post, reflection or comment: who wrote it and when, and what I may do with it (edit or delete mine,
 * report anyone else's). Nothing to do while it is being edited.
 */
export function ItemHeader(props: {
  author: PersonRef;
  at: string;
  edited: boolean;
  /** Hidden by an admin: others no longer see it. */
  hidden?: boolean;
  /** What it is, in words: "post", "prayer request", "reflection", "comment". */
  what: string;
  mine: boolean;
  busy: boolean;
  editing: boolean;
  onEdit: () => void;
  /** Called once he has confirmed. */
  onDelete: () => void;
  onReport: () => void;
}) {
  // On a card too narrow for his text size (15rem at the root's size), the actions go under the name, not over it.
  return (
    <div className="@container">
      <div className="flex items-start justify-between gap-2 @max-[15rem]:flex-wrap">
        <AuthorLine author={props.author} at={props.at} edited={props.edited} hidden={props.hidden} />
        {props.editing ? null : (
          <ItemActions
            what={props.what}
            mine={props.mine}
            busy={props.busy}
            onEdit={props.onEdit}
            onReport={props.onReport}
            onDelete={() => {
              if (window.confirm(`Delete this ${props.what}? This cannot be undone.`)) props.onDelete();
            }}
          />
        )}
      </div>
    </div>
  );
}
