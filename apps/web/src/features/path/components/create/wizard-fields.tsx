import { Check, Minus, Plus } from "lucide-react";
import { useId, type ReactNode, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { CharacterCount } from "@/components/ui/character-count";
import { LabelledRow } from "@/components/ui/labelled-row";
import { Textarea } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";

/** The wizard's questions as controls: native inputs (keyboard and screen readers for free), styled as chips and cards. */

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

const describedBy = (...ids: unknown[]) =>
  ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;

/** A question answered by choosing: its legend, hint, options and error, as one group. */
function ChoiceGroup(props: {
  legend: string;
  hint?: ReactNode;
  error?: string;
  radio?: boolean;
  className?: string;
  children: (ids: { describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const ids = describedBy(props.hint ? `${id}-hint` : undefined, props.error ? `${id}-error` : undefined);
  return (
    <fieldset
      role={props.radio ? "radiogroup" : undefined}
      aria-describedby={ids}
      aria-invalid={props.radio && props.error ? true : undefined}
      className="min-w-0 space-y-2"
    >
      <legend className="mb-2 text-base font-semibold text-stone-900 dark:text-stone-100">{props.legend}</legend>
      {props.hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      ) : null}
      <div className={props.className}>{props.children({ describedBy: ids, invalid: Boolean(props.error) })}</div>
      <FieldError id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}

const optionClass =
  "flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-pasture-600 border-stone-300 bg-white text-stone-800 hover:border-stone-400 has-[:checked]:border-pasture-600 has-[:checked]:bg-pasture-50 has-[:checked]:text-pasture-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:has-[:checked]:bg-stone-800 dark:has-[:checked]:text-gold-300";

/** Several of a few (what to grow in): checkboxes that look like toggle chips. */
export function ChipChoices<T extends string>(props: {
  legend: string;
  hint?: ReactNode;
  error?: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const name = useId();
  return (
    <ChoiceGroup legend={props.legend} hint={props.hint} error={props.error} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {({ invalid }) =>
        props.options.map((option, i) => {
          const checked = props.value.includes(option.id);
          return (
            <label key={option.id} className={cn(optionClass, "min-h-12 justify-between px-3")}>
              <input
                ref={i === 0 ? props.firstRef : undefined}
                type="checkbox"
                name={name}
                className="sr-only"
                checked={checked}
                aria-invalid={invalid || undefined}
                onChange={() =>
                  props.onChange(checked ? props.value.filter((v) => v !== option.id) : [...props.value, option.id])
                }
              />
              <span>{option.label}</span>
              {checked ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
            </label>
          );
        })
      }
    </ChoiceGroup>
  );
}

/** One of a few, as cards (season of life, reading style) or a row of chips (minutes a day). */
export function RadioChoices<T extends string | number>(props: {
  legend: string;
  hint?: ReactNode;
  error?: string;
  options: ReadonlyArray<{ id: T; label: string; hint?: string }>;
  value: T | null;
  onChange: (value: T) => void;
  firstRef?: Ref<HTMLInputElement>;
  layout?: "cards" | "row";
}) {
  const name = useId();
  const row = props.layout === "row";
  // Arrow keys move within the group; Tab reaches the chosen option, or the first when none is chosen.
  const focusable = props.options.some((o) => o.id === props.value) ? props.value : props.options[0]?.id;
  return (
    <ChoiceGroup
      legend={props.legend}
      hint={props.hint}
      error={props.error}
      radio
      className={row ? "grid grid-cols-4 gap-2" : "grid grid-cols-1 gap-2 sm:grid-cols-2"}
    >
      {() =>
        props.options.map((option) => (
          <label key={option.id} className={cn(optionClass, row && "justify-center px-2")}>
            <input
              ref={option.id === focusable ? props.firstRef : undefined}
              type="radio"
              name={name}
              className={row ? "sr-only" : "h-4 w-4 shrink-0 accent-pasture-700"}
              checked={props.value === option.id}
              onChange={() => props.onChange(option.id)}
            />
            <span className="min-w-0">
              <span className="block">{option.label}</span>
              {option.hint ? (
                <span className="block text-xs font-normal text-stone-600 dark:text-stone-400">{option.hint}</span>
              ) : null}
            </span>
          </label>
        ))
      }
    </ChoiceGroup>
  );
}

/** A written answer with its limit shown as it is typed. */
export function TextAnswer(props: {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  max: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-base font-semibold text-stone-900 dark:text-stone-100">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      ) : null}
      <Textarea
        id={id}
        ref={props.inputRef}
        value={props.value}
        maxLength={props.max}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint && `${id}-hint`, `${id}-count`, props.error && `${id}-error`)}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      <div className="flex items-start justify-between gap-3">
        <FieldError id={`${id}-error`} error={props.error} />
        <span className="ml-auto">
          <CharacterCount id={`${id}-count`} length={props.value.length} max={props.max} />
        </span>
      </div>
    </div>
  );
}

/** How many days: a number he can type or step with the buttons or arrow keys, and a few quick picks. */
export function DaysStepper(props: {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: number | null;
  min: number;
  max: number;
  picks: readonly number[];
  onChange: (value: number | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const value = props.value;
  const step = (by: number) => props.onChange(value === null ? props.min : Math.min(props.max, Math.max(props.min, value + by)));
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-base font-semibold text-stone-900 dark:text-stone-100">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            className="h-11 w-11 px-0"
            aria-label="One day fewer"
            disabled={value !== null && value <= props.min}
            onClick={() => step(-1)}
          >
            <Minus aria-hidden="true" className="h-4 w-4" />
          </Button>
          <input
            id={id}
            ref={props.inputRef}
            type="number"
            inputMode="numeric"
            min={props.min}
            max={props.max}
            step={1}
            value={value ?? ""}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={describedBy(props.hint && `${id}-hint`, props.error && `${id}-error`)}
            onChange={(event) => props.onChange(event.target.value === "" ? null : Number(event.target.value))}
            className="h-11 w-20 rounded-lg border border-stone-300 bg-white px-3 text-center text-lg font-semibold tabular-nums text-stone-900 focus:border-pasture-600 focus:ring-2 focus:ring-pasture-600/30 focus:outline-none aria-[invalid=true]:border-red-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
          />
          <Button
            variant="secondary"
            className="h-11 w-11 px-0"
            aria-label="One day more"
            disabled={value !== null && value >= props.max}
            onClick={() => step(1)}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
          </Button>
          <span className="text-stone-700 dark:text-stone-300">days</span>
        </div>
        <div role="group" aria-label="Quick picks" className="flex flex-wrap gap-2">
          {props.picks.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={value === days}
              onClick={() => props.onChange(days)}
              className={cn(
                "h-9 rounded-full border px-3 text-sm",
                value === days
                  ? "border-pasture-700 bg-pasture-700 text-white"
                  : "border-stone-300 text-stone-700 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800",
              )}
            >
              {days} days
            </button>
          ))}
        </div>
      </div>
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/** An on/off choice with what it means. */
export function SwitchAnswer(props: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <LabelledRow
      label={props.label}
      hint={props.hint}
      className="rounded-xl border border-stone-200 p-4 dark:border-stone-800"
      labelClassName="font-semibold text-stone-900 dark:text-stone-100"
    >
      {(ids) => (
        <Switch checked={props.checked} onChange={props.onChange} aria-labelledby={ids.label} aria-describedby={ids.hint} />
      )}
    </LabelledRow>
  );
}
