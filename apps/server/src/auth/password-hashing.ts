import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * How passwords are hashed (PASSWORD_HASHING).
 *
 * - `standard` (the default, and the only choice outside NODE_ENV=test): Better Auth's own scrypt (N=16384, r=16), about
 *   100 ms of a core per hash, stored as `salt:key`.
 * - `test`: scrypt at a cost of about a millisecond, for the test suites, which sign up and sign in hundreds of times per
 *   run (docs/decisions/007-test-suite-speed.md). Its hashes carry the `test-scrypt$` prefix, so a test-cost hash is never
 *   taken for a standard one: Better Auth's verifier reads the prefix as part of the salt and the password never matches.
 *   loadConfig refuses `test` unless NODE_ENV=test, so no production server hashes at this cost.
 */
export type PasswordHashing = "standard" | "test";

export const TEST_HASH_PREFIX = "test-scrypt$";

/** N=1024, r=8: cheap enough for hundreds of sign-ups a run, still a real scrypt with a salt. */
const TEST_COST = { N: 1024, r: 8, p: 1, keyLength: 32 } as const;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      TEST_COST.keyLength,
      { N: TEST_COST.N, r: TEST_COST.r, p: TEST_COST.p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** A test-cost hash of `password`: `test-scrypt$salt:key`. */
export async function testCostHash(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${TEST_HASH_PREFIX}${salt}:${(await derive(password, salt)).toString("hex")}`;
}

async function testCostVerify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!hash.startsWith(TEST_HASH_PREFIX)) return false;
  const [salt, key] = hash.slice(TEST_HASH_PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Better Auth's `emailAndPassword.password` option for the chosen hashing: nothing for `standard` (its own scrypt),
 * the test-cost pair for `test`.
 */
export function passwordOption(
  hashing: PasswordHashing,
): { hash(password: string): Promise<string>; verify(input: { hash: string; password: string }): Promise<boolean> } | undefined {
  if (hashing === "standard") return undefined;
  return { hash: testCostHash, verify: testCostVerify };
}
