import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The email he signed up with (signing in, asking for a reset link). */
export function EmailField(props: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="Email">
      {({ id }) => (
        <Input
          id={id}
          type="email"
          autoComplete="email"
          required
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
