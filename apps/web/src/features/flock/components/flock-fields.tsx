import { FLOCK_DESCRIPTION_MAX, FLOCK_NAME_MAX, flockInput } from "@shepherd/shared/community";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";

/** The message for a flock name the server would refuse, or null. */
export function flockNameError(name: string): string | null {
  const check = flockInput.shape.name.safeParse(name);
  return check.success ? null : (check.error.issues[0]?.message ?? "Give the flock a name");
}

/** A flock's name and description with their counts: starting a flock, and its owner editing it. */
export function FlockFields(props: {
  name: string;
  onName: (name: string) => void;
  nameError: string | null;
  onNameBlur?: () => void;
  description: string;
  onDescription: (description: string) => void;
  /** Examples in the empty fields, for a new flock. */
  examples?: boolean;
}) {
  return (
    <>
      <Field label="Flock name" error={props.nameError} hint={`${props.name.length}/${FLOCK_NAME_MAX} characters`}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            maxLength={FLOCK_NAME_MAX}
            placeholder={props.examples ? "Tuesday morning men" : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={props.name}
            onBlur={props.onNameBlur}
            onChange={(e) => props.onName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Description (optional)" hint={`${props.description.length}/${FLOCK_DESCRIPTION_MAX} characters`}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            rows={2}
            maxLength={FLOCK_DESCRIPTION_MAX}
            placeholder={props.examples ? "Who you are and what you walk through together" : undefined}
            aria-describedby={describedBy}
            value={props.description}
            onChange={(e) => props.onDescription(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
