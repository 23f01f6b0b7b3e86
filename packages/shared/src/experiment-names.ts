/**
 * The experiments the web app runs, by name and variants: plain data with no schema, so a page that asks for its
 * variant (Today's banner after Mark Complete) does not carry the validation library with it. experiments.ts
 * re-exports it beside the admin's schemas.
 */

/** The one experiment the web app runs: the texts of the upgrade banner shown after Mark Complete (features/today). */
export const UPGRADE_BANNER_EXPERIMENT = {
  name: "upgrade-banner-after-completion",
  control: "control",
  variant: "plain",
} as const;
