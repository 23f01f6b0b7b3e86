import { describe, expect, test } from "vitest";
import {
  createExperimentInput,
  experimentResults,
  normalCdf,
  twoProportionPValue,
  variantForPoint,
  wilsonInterval,
} from "./experiments";

describe("experiment math", () => {
  test("a point maps onto the variant whose share of the weights it falls in", () => {
    const variants = [
      { name: "a", weight: 1 },
      { name: "b", weight: 3 },
    ];
    expect(variantForPoint(variants, 0)).toBe("a");
    expect(variantForPoint(variants, 0.2499)).toBe("a");
    expect(variantForPoint(variants, 0.25)).toBe("b");
    expect(variantForPoint(variants, 0.9999999)).toBe("b");
  });

  test("normal CDF, Wilson interval and the two-proportion z-test against known values", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    // 10 of 100: Wilson 95% interval 0.0552 to 0.1744 (Newcombe 1998, method 3).
    const [low, high] = wilsonInterval(10, 100)!;
    expect(low).toBeCloseTo(0.0552, 4);
    expect(high).toBeCloseTo(0.1744, 4);
    expect(wilsonInterval(0, 0)).toBeNull();
    // 10/100 vs 25/100: pooled 0.175, z = 0.15 / sqrt(0.175 * 0.825 * 0.02) = 2.7914, two-sided p = 0.00525.
    expect(twoProportionPValue({ converted: 10, exposed: 100 }, { converted: 25, exposed: 100 })).toBeCloseTo(0.00525, 4);
    expect(twoProportionPValue({ converted: 0, exposed: 10 }, { converted: 0, exposed: 10 })).toBeNull();
    const results = experimentResults(
      [
        { name: "a", weight: 1 },
        { name: "b", weight: 1 },
      ],
      new Map([["a", { exposed: 100, converted: 10 }]]),
    );
    expect(results[0]).toMatchObject({ variant: "a", rate: 0.1, p_value: null });
    expect(results[1]).toMatchObject({ variant: "b", exposed: 0, rate: null, ci_low: null, p_value: null });
  });

  test("the create input refuses one variant, repeated names, bad weights and unknown events", () => {
    const ok = {
      name: "banner",
      variants: [
        { name: "control", weight: 50 },
        { name: "plain", weight: 50 },
      ],
      conversion_event: "checkout_start",
    };
    expect(createExperimentInput.safeParse(ok).success).toBe(true);
    expect(createExperimentInput.safeParse({ ...ok, variants: [ok.variants[0]] }).success).toBe(false);
    expect(createExperimentInput.safeParse({ ...ok, variants: [ok.variants[0], ok.variants[0]] }).success).toBe(false);
    expect(createExperimentInput.safeParse({ ...ok, variants: [{ name: "a", weight: 0 }, ok.variants[1]] }).success).toBe(false);
    expect(createExperimentInput.safeParse({ ...ok, conversion_event: "page_view" }).success).toBe(false);
    expect(createExperimentInput.safeParse({ ...ok, name: "Has Spaces" }).success).toBe(false);
  });
});
