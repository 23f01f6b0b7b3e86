import { Crown } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";
import { useSubscription } from "@/lib/subscription";

/** Spec section 6: upgrade prompts for four contexts, each with a title, a description and a call to action. */
export const UPGRADE_PROMPTS = {
  plan_viewing: {
    title: "Walk a path made for you",
    description:
      "Premium builds personal plans around your marriage, your kids and your work, one day at a time, for as long as you need.",
    cta: "Unlock personal plans",
  },
  series_viewing: {
    title: "Go deeper with a series",
    description:
      "The first session of every series is yours to read. Premium opens every session, and lets you write your own series, with discussion guides drafted for you, to lead your flock through.",
    cta: "Open the full library",
  },
  profile_completion: {
    title: "Make Shepherd fully yours",
    description:
      "With Premium, devotionals, audio and insights have no monthly limits, so every morning meets you where you are.",
    cta: "See Premium",
  },
  gathering_viewing: {
    title: "Gather your brothers",
    description: "Premium members host live video gatherings for prayer and study, with discussion guides prepared for each one.",
    cta: "Host gatherings with Premium",
  },
} as const;

export type UpgradeContext = keyof typeof UPGRADE_PROMPTS;
export type UpgradeTexts = { title: string; description: string; cta: string };

/**
 * The A/B test of the banner after Mark Complete (UPGRADE_BANNER_EXPERIMENT): its "plain" variant. Every claim is
 * true of Premium today: no monthly caps (spec section 6), personal plans, every series session, hosting gatherings.
 */
export const COMPLETION_BANNER_VARIANT: UpgradeTexts = {
  title: "Keep going without limits",
  description:
    "Free accounts have monthly caps. Premium lifts them for devotionals, audio and insights, and opens personal plans, every series session and gatherings.",
  cta: "Compare plans",
};

/** Shown to free users only, once their plan is known. */
export function UpgradePrompt(props: {
  context: UpgradeContext;
  variant?: "card" | "banner";
  className?: string;
  /** Other texts for this context (an A/B test's variant); the context's own by default. */
  texts?: UpgradeTexts;
}) {
  const subscription = useSubscription();
  if (subscription.isPending || subscription.isError || subscription.data.is_premium) return null;
  const prompt = props.texts ?? UPGRADE_PROMPTS[props.context];
  const banner = props.variant === "banner";
  return (
    <aside
      aria-label={prompt.title}
      data-testid={`upgrade-prompt-${props.context}`}
      className={cn(
        "border border-gold-400 bg-gradient-to-br from-gold-300/40 to-parchment dark:from-stone-800 dark:to-stone-900",
        banner ? "flex flex-wrap items-center gap-3 rounded-xl px-4 py-3" : "space-y-3 rounded-2xl p-5",
        props.className,
      )}
    >
      <div className={cn("flex gap-3", banner && "flex-1 items-center")}>
        <Crown aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
        <div>
          <h2 className="font-semibold text-pasture-900 dark:text-gold-300">{prompt.title}</h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">{prompt.description}</p>
        </div>
      </div>
      <Link
        to="/subscription"
        className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
      >
        {prompt.cta}
      </Link>
    </aside>
  );
}
