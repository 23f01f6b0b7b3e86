import { Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { fieldId, type FieldKey } from "@/features/path/plan-builder";

/** The builder's controls: each with its label, hint and the server's message tied to it (aria-describedby). */

export function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(" ") || undefined;

export interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

/** One control for one field: `key` gives its id, which focus and the messages use. */
export function BuilderField(props: {
  fieldKey: FieldKey;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = fieldId(props.fieldKey);
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {props.label}
      </label>
      {props.children({
        id,
        "aria-describedby": describedBy(props.hint !== undefined && `${id}-hint`, props.error && `${id}-error`),
        "aria-invalid": props.error ? true : undefined,
      })}
      {props.hint !== undefined ? (
        <div id={`${id}-hint`} className="text-xs text-stone-600 dark:text-stone-400">
          {props.hint}
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`} message={props.error} />
    </div>
  );
}

/**
 * A list of short boxes (a day's passages, its other references): each box labelled by its number, removable, and
 * "Add" while under the limit. A message for the whole list sits under the legend.
 */
export function ReferenceList(props: {
  fieldKey: FieldKey;
  legend: string;
  hint: string;
  /** "Passage" gives "Passage 1", "Remove passage 1", "Add a passage". */
  noun: string;
  values: string[];
  max: number;
  maxLength: number;
  error?: string;
  boxError: (index: number) => string | undefined;
  onChange: (values: string[]) => void;
}) {
  const id = fieldId(props.fieldKey);
  const lower = props.noun.toLowerCase();
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy(`${id}-hint`, props.error && `${id}-error`)}>
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{props.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-600 dark:text-stone-400">
        {props.hint}
      </p>
      <FieldMessage id={`${id}-error`} message={props.error} />
      <ul className="space-y-2">
        {props.values.map((value, i) => {
          const boxId = fieldId(`${props.fieldKey}.${i}`);
          const error = props.boxError(i);
          return (
            <li key={i} className="space-y-1">
              <div className="flex items-center gap-2">
                <label htmlFor={boxId} className="sr-only">
                  {`${props.noun} ${i + 1}`}
                </label>
                <Input
                  id={boxId}
                  value={value}
                  maxLength={props.maxLength}
                  autoComplete="off"
                  placeholder="John 3:16-21"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${boxId}-error` : undefined}
                  onChange={(event) => props.onChange(props.values.map((v, j) => (j === i ? event.target.value : v)))}
                  className="min-w-0"
                />
                <Button
                  variant="ghost"
                  className="h-11 w-11 shrink-0 px-0"
                  aria-label={`Remove ${lower} ${i + 1}`}
                  onClick={() => props.onChange(props.values.filter((_, j) => j !== i))}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
              <FieldMessage id={`${boxId}-error`} message={error} />
            </li>
          );
        })}
      </ul>
      {props.values.length < props.max ? (
        <Button
          id={`${id}-add`}
          variant="secondary"
          size="sm"
          onClick={() => {
            props.onChange([...props.values, ""]);
            // The new box is there on the next frame: he types straight into it.
            requestAnimationFrame(() => document.getElementById(fieldId(`${props.fieldKey}.${props.values.length}`))?.focus());
          }}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {`Add a ${lower}`}
        </Button>
      ) : null}
    </fieldset>
  );
}
