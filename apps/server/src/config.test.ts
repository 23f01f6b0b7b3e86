import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("PASSWORD_HASHING", () => {
  test("is Better Auth's standard scrypt unless set", () => {
    for (const NODE_ENV of ["production", "development", "test"])
      expect(loadConfig({ NODE_ENV }).passwordHashing).toBe("standard");
  });

  test("test cost is taken only with NODE_ENV=test", () => {
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "test" }).passwordHashing).toBe("test");
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "test" })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "test" })).toThrow(/PASSWORD_HASHING: test .*\(NODE_ENV=test\)/);
    }
  });

  test("anything else is refused with the values it may take", () => {
    expect(() => loadConfig({ PASSWORD_HASHING: "cheap" })).toThrow(/PASSWORD_HASHING must be standard or test/);
  });
});
