import { useState } from "react";
import { NOTE_MAX, type VerseNote } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useCreateNote } from "../api/create-note";
import { useDeleteNote } from "../api/delete-note";
import { useUpdateNote } from "../api/update-note";
import type { VerseSelection } from "../api/update-annotations";

export type NoteTarget = { reference: string } & ({ note: VerseNote } | { selection: VerseSelection });

/** Write a private note on verses, or change or delete one. Only its author ever sees it. */
export function NoteDialog(props: { target: NoteTarget | null; onClose: () => void; onSaved?: () => void }) {
  return (
    <Dialog
      open={Boolean(props.target)}
      onClose={props.onClose}
      title={props.target ? `Note on ${props.target.reference}` : "Note"}
      description="Private: only you can see your notes."
    >
      {props.target ? <NoteForm target={props.target} onDone={props.onClose} onSaved={props.onSaved} /> : null}
    </Dialog>
  );
}

function NoteForm({ target, onDone, onSaved }: { target: NoteTarget; onDone: () => void; onSaved?: () => void }) {
  const existing = "note" in target ? target.note : null;
  const [content, setContent] = useState(existing?.content ?? "");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const busy = create.isPending || update.isPending || remove.isPending;

  const save = async () => {
    const text = content.trim();
    if (!text) return setError("Write your note.");
    if (text.length > NOTE_MAX) return setError(`A note is at most ${NOTE_MAX} characters.`);
    try {
      let kept = false;
      if (existing) await update.mutateAsync({ id: existing.id, content: text });
      else if ("selection" in target) kept = (await create.mutateAsync({ ...target.selection, content: text })) === null;
      // Kept on the device to sync: "Saved on this device, will sync" has said so.
      if (!kept) notify("Note saved", target.reference);
      onSaved?.();
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const del = async () => {
    if (!existing) return;
    try {
      await remove.mutateAsync(existing.id);
      notify("Note deleted", target.reference);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label="Your note" error={error} hint={`${content.trim().length}/${NOTE_MAX} characters`}>
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={content}
            maxLength={NOTE_MAX + 200}
            rows={6}
            autoFocus
            onChange={(event) => {
              setContent(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-between gap-2">
        {existing ? (
          <Button variant="danger" disabled={busy} onClick={() => void del()}>
            Delete note
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save note"}
        </Button>
      </div>
    </form>
  );
}
