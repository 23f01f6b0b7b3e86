import { describe, expect, it } from "vitest";
import { tokenBucket } from "./rate";

describe("a socket's token bucket", () => {
  it("lets a burst through, refuses past it, and refills at its rate up to its capacity", () => {
    let ms = 0;
    const bucket = tokenBucket(3, 2, () => ms);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    ms += 499;
    expect(bucket.take()).toBe(false);
    ms += 1;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    ms += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
