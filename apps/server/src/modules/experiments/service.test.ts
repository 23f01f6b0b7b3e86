import { describe, expect, test } from "vitest";
import { assignVariant, assignmentPoint } from "./service";

const MEMBERS = 10_000;

describe("A/B assignment", () => {
  test("10,000 members split to the weights within 4 binomial standard deviations", () => {
    for (const variants of [
      [
        { name: "control", weight: 50 },
        { name: "plain", weight: 50 },
      ],
      [
        { name: "a", weight: 70 },
        { name: "b", weight: 20 },
        { name: "c", weight: 10 },
      ],
    ]) {
      const experiment = { id: "8a4f1c52-8a2b-4f0e-9d55-3c1a3e2b7d10", variants };
      const counts = new Map<string, number>();
      for (let i = 0; i < MEMBERS; i++) {
        const variant = assignVariant(experiment, `member-${i}`);
        counts.set(variant, (counts.get(variant) ?? 0) + 1);
      }
      const total = variants.reduce((sum, v) => sum + v.weight, 0);
      for (const v of variants) {
        const p = v.weight / total;
        // Each count is Binomial(n, p): its standard deviation is sqrt(n p (1 - p)).
        const sd = Math.sqrt(MEMBERS * p * (1 - p));
        expect(Math.abs((counts.get(v.name) ?? 0) - MEMBERS * p), `${v.name} of ${JSON.stringify(variants)}`).toBeLessThan(
          4 * sd,
        );
      }
    }
  });

  test("a member's variant is the same every time, and differs between experiments independently", () => {
    const variants = [
      { name: "control", weight: 1 },
      { name: "plain", weight: 1 },
    ];
    const first = { id: "0b7f3f8e-3c39-4d5a-9d57-1f1f4f0e2a11", variants };
    const second = { id: "5c2e7a90-1d3b-4c8e-8f21-6a9b0c7d3e22", variants };
    for (let i = 0; i < 100; i++) expect(assignVariant(first, `m${i}`)).toBe(assignVariant(first, `m${i}`));
    let same = 0;
    for (let i = 0; i < MEMBERS; i++) if (assignVariant(first, `m${i}`) === assignVariant(second, `m${i}`)) same++;
    // Independent halves agree for half the members: Binomial(10,000, 0.5), sd 50.
    expect(Math.abs(same - MEMBERS / 2)).toBeLessThan(200);
    const point = assignmentPoint(first.id, "m1");
    expect(point).toBeGreaterThanOrEqual(0);
    expect(point).toBeLessThan(1);
  });
});
