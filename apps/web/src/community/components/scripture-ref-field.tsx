import { SCRIPTURE_REF_MAX, scriptureRefSchema } from "@shepherd/shared/community";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The message for a scripture reference the server would refuse, or null (an empty one is fine: it is optional). */
export function scriptureRefError(value: string): string | null {
  if (!value.trim()) return null;
  const parsed = scriptureRefSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Write the reference like "John 3:16"');
}

/** An optional scripture reference ("John 10:11") on a post. The error shows once he has left the field. */
export function ScriptureRefField(props: {
  value: string;
  onChange: (value: string) => void;
  showError: boolean;
  onBlur?: () => void;
}) {
  const error = props.showError ? scriptureRefError(props.value) : null;
  return (
    <Field label="Scripture reference (optional)" error={error}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          maxLength={SCRIPTURE_REF_MAX}
          placeholder="John 10:11"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={props.value}
          onBlur={props.onBlur}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
