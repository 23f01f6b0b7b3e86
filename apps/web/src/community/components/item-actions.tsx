import { Flag, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";

function IconButton(props: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100"
    >
      {props.children}
    </button>
  );
}

/** Edit and delete on my own post, comment or reflection; report on anyone else's. */
export function ItemActions(props: {
  what: string;
  mine: boolean;
  busy?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
}) {
  if (!props.mine) {
    return (
      <IconButton label={`Report ${props.what}`} onClick={props.onReport}>
        <Flag aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    );
  }
  return (
    <div className="flex shrink-0">
      <IconButton label={`Edit ${props.what}`} onClick={props.onEdit} disabled={props.busy}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      <IconButton label={`Delete ${props.what}`} onClick={props.onDelete} disabled={props.busy}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </div>
  );
}
