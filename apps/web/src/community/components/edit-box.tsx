import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CharacterCount } from "@/components/ui/character-count";
import { MentionTextarea } from "./mention-textarea";

/** Editing my own text in place: the text with @mention autocomplete and its count, Save and Cancel. */
export function EditBox(props: {
  label: string;
  initial: string;
  max: number;
  rows?: number;
  saving: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
  /** Extra fields (e.g. a post's scripture reference) between the text and the buttons. */
  children?: ReactNode;
  canSave?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(props.initial);
  const empty = text.trim().length === 0;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) props.onSave(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <MentionTextarea
        id={id}
        rows={props.rows ?? 4}
        maxLength={props.max}
        autoFocus
        value={text}
        aria-describedby={`${id}-count`}
        onValueChange={setText}
        onKeyDown={(event) => {
          if (event.key === "Escape") props.onCancel();
        }}
      />
      <div className="flex justify-end">
        <CharacterCount id={`${id}-count`} length={text.length} max={props.max} />
      </div>
      {props.children}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={props.saving || empty || props.canSave === false}>
          {props.saving ? "Saving..." : "Save"}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
