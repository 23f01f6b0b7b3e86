import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from "react";
import { mentionAtCaret, type PersonRef } from "@shepherd/shared/community";
import { Avatar } from "@/components/profile/avatar";
import { Textarea } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { useUserSearch } from "../api/search-users";

/** How long typing pauses before usernames are looked up. */
const SEARCH_DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type MentionTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A textarea that offers usernames while an @word is typed (docs/community.md): arrow keys move, Enter or Tab (or a
 * tap) inserts `@username `, Escape closes. While the list is open the textarea is a combobox that owns a listbox
 * (WAI-ARIA combobox pattern); otherwise it is a plain textarea.
 */
export function MentionTextarea({ value, onValueChange, id, className, onKeyDown, onBlur, ...rest }: MentionTextareaProps) {
  const ownId = useId();
  const baseId = id ?? ownId;
  const listId = `${baseId}-mentions`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ query: "", index: 0 });

  const mention = caret === null ? null : mentionAtCaret(value, caret);
  const wanted = mention && mention.start !== dismissedAt ? mention.query : "";
  const query = useDebounced(wanted, SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query);
  const people = (search.data ?? []).filter((p): p is PersonRef & { username: string } => Boolean(p.username));
  // A fully typed username leaves nothing to suggest: close so the list does not cover the buttons below.
  const complete = people.length === 1 && people[0]!.username.toLowerCase() === wanted;
  const open = wanted.length > 0 && query.length > 0 && people.length > 0 && !complete;
  const activeIndex = active.query === query ? Math.min(active.index, people.length - 1) : 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // Put the caret right after an inserted @username once React has written the new value.
  useLayoutEffect(() => {
    const position = pendingCaret.current;
    const element = textarea.current;
    if (position === null || !element) return;
    pendingCaret.current = null;
    element.setSelectionRange(position, position);
    setCaret(position);
  }, [value]);

  const readCaret = () => {
    const element = textarea.current;
    if (element && document.activeElement === element) setCaret(element.selectionStart);
  };

  const insert = (person: PersonRef & { username: string }) => {
    if (!mention || caret === null) return;
    const inserted = `@${person.username} `;
    const next = value.slice(0, mention.start) + inserted + value.slice(caret);
    if (rest.maxLength !== undefined && next.length > rest.maxLength) return;
    pendingCaret.current = mention.start + inserted.length;
    onValueChange(next);
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const count = people.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive({ query, index: (activeIndex + step + count) % count });
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
        event.preventDefault();
        const person = people[activeIndex];
        if (person) insert(person);
        return;
      }
      if (event.key === "Escape") {
        // Close the list only: not the dialog or panel this box may sit in.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        {...rest}
        ref={textarea}
        id={baseId}
        value={value}
        className={className}
        onChange={(event) => {
          const { value: next, selectionStart } = event.target;
          onValueChange(next);
          setCaret(selectionStart);
          // Leaving an @word forgets that its list was closed with Escape.
          if (!mentionAtCaret(next, selectionStart)) setDismissedAt(null);
        }}
        onSelect={readCaret}
        onFocus={readCaret}
        onBlur={(event) => {
          setCaret(null);
          onBlur?.(event);
        }}
        onKeyDown={onKey}
        role={open ? "combobox" : undefined}
        aria-expanded={open ? true : undefined}
        aria-controls={open ? listId : undefined}
        aria-autocomplete={open ? "list" : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          {people.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep focus (and the caret) in the textarea while choosing with a pointer.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(person)}
              className={cn(
                "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm",
                index === activeIndex ? "bg-pasture-50 dark:bg-stone-800" : "hover:bg-stone-50 dark:hover:bg-stone-800/60",
              )}
            >
              <Avatar name={person.display_name} url={person.avatar_url} size="sm" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{person.display_name ?? person.username}</span>
                <span className="block truncate text-stone-600 dark:text-stone-400">@{person.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <span role="status" className="sr-only">
        {open
          ? `${people.length} ${people.length === 1 ? "person" : "people"} to mention. Up and down to choose, Enter to insert.`
          : ""}
      </span>
    </div>
  );
}
