import { useEffect, useState } from "react";
import { usernameSchema } from "@shepherd/shared/api";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { checkUsername } from "./api/check-username";

export type UsernameState = { status: "idle" | "checking" | "available" | "taken" | "invalid"; message: string | null };

/** @username with a live availability check (debounced). */
export function UsernameField(props: {
  value: string;
  onChange: (value: string) => void;
  current: string | null;
  onState: (state: UsernameState) => void;
  state: UsernameState;
}) {
  const { value, current, onState } = props;
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const parsed = usernameSchema.safeParse(value);
    if (!value) return onState({ status: "idle", message: null });
    if (!parsed.success) return onState({ status: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid username" });
    if (parsed.data === current) return onState({ status: "available", message: "This is your username." });
    onState({ status: "checking", message: "Checking..." });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(parsed.data, controller.signal)
        .then((r) =>
          onState(
            r.available
              ? { status: "available", message: `@${r.username} is available` }
              : { status: "taken", message: r.reason ?? "That username is taken." },
          ),
        )
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            console.error(error);
            onState({ status: "idle", message: null });
          }
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, current, onState]);
  const bad = props.state.status === "taken" || props.state.status === "invalid";
  return (
    <Field
      label="Username"
      error={touched && bad ? props.state.message : null}
      hint={
        <span aria-live="polite">
          {!bad && props.state.message
            ? props.state.message
            : "Letters, numbers and underscores. Brothers will mention you as @username."}
        </span>
      }
    >
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-500">
            @
          </span>
          <Input
            id={id}
            className="pl-7"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={30}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={value}
            onChange={(e) => {
              setTouched(true);
              props.onChange(e.target.value.toLowerCase().replace(/\s/g, ""));
            }}
            onBlur={() => setTouched(true)}
          />
        </div>
      )}
    </Field>
  );
}
