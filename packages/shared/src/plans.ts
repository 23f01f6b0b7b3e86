/**
 * Premium plans and their prices: the one place to change them (docs/decisions/004-premium-plans-and-caps.md).
 * Prices are in US cents. Stripe price ids come from the environment (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL).
 */
export const TRIAL_DAYS = 14;

export const PLANS = [
  {
    id: "premium_monthly",
    name: "Premium Monthly",
    priceCents: 799,
    interval: "month",
    blurb: "$7.99 a month after a 14-day free trial. Cancel any time.",
  },
  {
    id: "premium_annual",
    name: "Premium Annual",
    priceCents: 6999,
    interval: "year",
    blurb: "$69.99 a year after a 14-day free trial: about $5.83 a month, 27% less than monthly.",
  },
] as const;

export type PlanId = (typeof PLANS)[number]["id"];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

export function planById(id: string) {
  return PLANS.find((p) => p.id === id);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * What Premium unlocks, as the subscription page lists it: only what works today.
 */
export const PREMIUM_BENEFITS = [
  "Unlimited daily devotionals, refreshed whenever you want a new word",
  "Unlimited audio: listen to every devotional on the way to work",
  "Unlimited journal entries",
  "Unlimited insights: a reflection on your week or month whenever you want one",
  "Personal plans on The Path, written around your season of life, or built by hand day by day",
  "Every session of every series in the library, and series of your own for your flock, with discussion guides drafted for you",
  "Host live video gatherings for your flock, started now or scheduled, around a series session or on their own",
] as const;
