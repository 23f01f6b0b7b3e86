import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, test } from "vitest";
import { passwordOption, TEST_HASH_PREFIX, testCostHash } from "./password-hashing";

describe("password hashing", () => {
  test("standard leaves Better Auth's own scrypt in place", () => {
    expect(passwordOption("standard")).toBeUndefined();
  });

  test("the test cost verifies its own hashes, salted, and refuses a wrong password or a standard hash", async () => {
    const option = passwordOption("test")!;
    const hash = await option.hash("Green-Pastures-2026");
    expect(hash.startsWith(TEST_HASH_PREFIX)).toBe(true);
    expect(await option.hash("Green-Pastures-2026")).not.toBe(hash);
    expect(await option.verify({ hash, password: "Green-Pastures-2026" })).toBe(true);
    expect(await option.verify({ hash, password: "Green-Pastures-2027" })).toBe(false);
    expect(await option.verify({ hash: await hashPassword("Green-Pastures-2026"), password: "Green-Pastures-2026" })).toBe(false);
    expect(await option.verify({ hash: `${TEST_HASH_PREFIX}nonsense`, password: "x" })).toBe(false);
  });

  test("a test-cost hash never verifies under Better Auth's standard scrypt", async () => {
    const hash = await testCostHash("Green-Pastures-2026");
    expect(await verifyPassword({ hash, password: "Green-Pastures-2026" })).toBe(false);
  });
});
