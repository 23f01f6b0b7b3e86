import { z } from "zod";
import { CHECKOUT_START_ACTION, NAMED_ACTIONS } from "./api";

/**
 * A/B tests (admin /admin/ab-tests; the web app's useExperiment hook). An experiment splits members between variants
 * by weight, deterministically (a hash of the experiment's id and the member's id), so a member keeps his variant.
 */

/** The actions an experiment can count as its conversion: the named actions the app records, and checkout_start. */
export const CONVERSION_EVENTS = [...Object.values(NAMED_ACTIONS), CHECKOUT_START_ACTION] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

export const EXPERIMENT_STATUSES = ["draft", "running", "stopped"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

export { UPGRADE_BANNER_EXPERIMENT } from "./experiment-names";

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Use 1 to 64 lowercase letters, digits, - or _, starting with a letter or digit");

export const experimentVariantInput = z
  .object({
    name: slug,
    weight: z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(100, "must be at most 100"),
  })
  .strict();

export const createExperimentInput = z
  .object({
    name: slug,
    variants: z
      .array(experimentVariantInput)
      .min(2, "An experiment needs at least 2 variants")
      .max(5, "At most 5 variants")
      .refine((vs) => new Set(vs.map((v) => v.name)).size === vs.length, "Variant names must differ"),
    conversion_event: z.enum(CONVERSION_EVENTS, { error: `must be one of ${CONVERSION_EVENTS.join(", ")}` }),
  })
  .strict();
export type CreateExperimentInput = z.infer<typeof createExperimentInput>;
export type ExperimentVariant = z.infer<typeof experimentVariantInput>;

export const experimentNameParam = slug;

export interface ExperimentVariantResult {
  variant: string;
  weight: number;
  exposed: number;
  converted: number;
  /** converted / exposed, or null with no one exposed. */
  rate: number | null;
  /** The 95% Wilson score interval of the rate. */
  ci_low: number | null;
  ci_high: number | null;
  /** Two-sided two-proportion z-test against the first variant (null for the first, or without data). */
  p_value: number | null;
}

export interface AdminExperiment {
  id: string;
  name: string;
  variants: ExperimentVariant[];
  conversion_event: ConversionEvent;
  status: ExperimentStatus;
  created_at: string;
  started_at: string | null;
  stopped_at: string | null;
  results: ExperimentVariantResult[];
}

/** GET /api/experiments/:name for the signed-in member: his variant while the experiment runs, else null. */
export interface ExperimentAssignment {
  variant: string | null;
}

/** Maps a number uniform in [0, 1) onto the variants by weight: the variant whose share of the total it falls in. */
export function variantForPoint(variants: readonly ExperimentVariant[], point: number): string {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let edge = 0;
  for (const v of variants) {
    edge += v.weight / total;
    if (point < edge) return v.name;
  }
  return variants[variants.length - 1]!.name;
}

/** Standard normal cumulative distribution (Abramowitz and Stegun 7.1.26 for erf; error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const Z_95 = 1.959963984540054;

/** The 95% Wilson score interval of `converted` out of `exposed` (sound for small counts and rates near 0 or 1). */
export function wilsonInterval(converted: number, exposed: number): [number, number] | null {
  if (exposed === 0) return null;
  const p = converted / exposed;
  const z2 = Z_95 * Z_95;
  const centre = (p + z2 / (2 * exposed)) / (1 + z2 / exposed);
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / exposed + z2 / (4 * exposed * exposed))) / (1 + z2 / exposed);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Two-sided p-value of the pooled two-proportion z-test; null when either group is empty or the pool has no spread. */
export function twoProportionPValue(a: { converted: number; exposed: number }, b: { converted: number; exposed: number }) {
  if (a.exposed === 0 || b.exposed === 0) return null;
  const pooled = (a.converted + b.converted) / (a.exposed + b.exposed);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.exposed + 1 / b.exposed));
  if (se === 0) return null;
  const z = (b.converted / b.exposed - a.converted / a.exposed) / se;
  return 2 * (1 - normalCdf(Math.abs(z)));
}

/** Each variant's rate, interval and p-value against the first, from its exposed and converted counts. */
export function experimentResults(
  variants: readonly ExperimentVariant[],
  counts: ReadonlyMap<string, { exposed: number; converted: number }>,
): ExperimentVariantResult[] {
  const first = counts.get(variants[0]!.name) ?? { exposed: 0, converted: 0 };
  return variants.map((v, i) => {
    const c = counts.get(v.name) ?? { exposed: 0, converted: 0 };
    const ci = wilsonInterval(c.converted, c.exposed);
    return {
      variant: v.name,
      weight: v.weight,
      exposed: c.exposed,
      converted: c.converted,
      rate: c.exposed ? c.converted / c.exposed : null,
      ci_low: ci?.[0] ?? null,
      ci_high: ci?.[1] ?? null,
      p_value: i === 0 ? null : twoProportionPValue(first, c),
    };
  });
}
