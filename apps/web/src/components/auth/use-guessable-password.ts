import { useEffect, useState } from "react";
import { PASSWORD_MIN } from "@shepherd/shared/constants";

type Check = (password: string) => string | null;
let loading: Promise<Check> | undefined;

/** The common-password lists are large: loaded the first time a new password reaches 8 characters, never up front. */
function loadCheck(): Promise<Check> {
  loading ??= import("@shepherd/shared/password-guess").then((m) => m.guessablePasswordProblem);
  return loading;
}

/**
 * Issue 19: what the server will say of this new password when it is among the first an attacker would try (the same
 * estimator, @shepherd/shared/password-guess), or null. Null while the lists load or if they cannot be loaded: the
 * server checks again.
 */
export function useGuessablePassword(password: string): string | null {
  const [result, setResult] = useState<{ password: string; problem: string | null } | null>(null);
  const long = password.length >= PASSWORD_MIN;
  useEffect(() => {
    if (!long) return;
    let current = true;
    loadCheck().then(
      (check) => {
        if (current) setResult({ password, problem: check(password) });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, long]);
  return long && result?.password === password ? result.problem : null;
}
