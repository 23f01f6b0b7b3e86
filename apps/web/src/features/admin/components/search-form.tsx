import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** An admin table's search box: the words are searched when he presses Search (or Enter), not on each key. */
export function SearchForm(props: { id: string; label: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState("");
  const search = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={props.id} className="block text-sm font-medium">
          {props.label}
        </label>
        <Input id={props.id} type="search" value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
