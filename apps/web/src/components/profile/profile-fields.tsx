import { useCallback, useState } from "react";
import { DISPLAY_NAME_MAX } from "@shepherd/shared/constants";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { UsernameField, type UsernameState } from "./username-field";

/** The state behind <ProfileFields>, starting from what he has now. */
export function useProfileFields(initial: { displayName: string; username: string | null }) {
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [username, setUsername] = useState(initial.username ?? "");
  const [usernameState, setUsernameState] = useState<UsernameState>({ status: "idle", message: null });
  const onUsernameState = useCallback((state: UsernameState) => setUsernameState(state), []);
  return {
    displayName,
    setDisplayName,
    username,
    setUsername,
    usernameState,
    onUsernameState,
    currentUsername: initial.username,
  };
}

export type ProfileFieldsState = ReturnType<typeof useProfileFields>;

/** Display name (with its count) and @username (checked as he types): onboarding's profile step and Settings. */
export function ProfileFields(props: {
  fields: ProfileFieldsState;
  nameError: string | null;
  /** Called with the new name after it is set (onboarding re-checks a name it has already refused). */
  onNameChange?: (name: string) => void;
}) {
  const { fields } = props;
  return (
    <>
      <Field label="Display Name" error={props.nameError} hint={`${fields.displayName.length}/${DISPLAY_NAME_MAX} characters`}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            maxLength={DISPLAY_NAME_MAX}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={fields.displayName}
            onChange={(e) => {
              const name = e.target.value.slice(0, DISPLAY_NAME_MAX);
              fields.setDisplayName(name);
              props.onNameChange?.(name);
            }}
          />
        )}
      </Field>
      <UsernameField
        value={fields.username}
        onChange={fields.setUsername}
        current={fields.currentUsername}
        state={fields.usernameState}
        onState={fields.onUsernameState}
      />
    </>
  );
}
