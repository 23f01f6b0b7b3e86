import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_TOO_GUESSABLE } from "./auth-rules";

/**
 * Issue 19: a password of eight characters can still be one an attacker tries first ("password", "12345678",
 * "aaaaaaaa", eight spaces). zxcvbn-ts estimates how many guesses a password takes, with the common-password and
 * keyboard lists it ships; one under about a million guesses (score 0 or 1) is refused, on the server for every path
 * that sets a password (sign-up, change, reset) and in the strength meter, which loads this module lazily so the two
 * always agree. Large (the lists), so the web app never imports it up front.
 */
let estimator: ZxcvbnFactory | undefined;

/** Only the first characters are weighed: the estimate costs time with length, and a long password is not common. */
const WEIGHED_CHARACTERS = 64;

/** The message to show when the password is among the first ones an attacker would try, otherwise null. */
export function guessablePasswordProblem(password: string): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result = estimator.check(password.slice(0, WEIGHED_CHARACTERS));
  return result.score < 2 ? PASSWORD_TOO_GUESSABLE : null;
}
