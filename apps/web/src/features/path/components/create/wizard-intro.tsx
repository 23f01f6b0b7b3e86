import { Crown } from "lucide-react";
import { Link } from "react-router";
import { PREMIUM_ONLY_MESSAGE } from "@shepherd/shared/usage";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";

const ASKED = [
  { step: "Basics", what: "What you want to grow in, your goal in a sentence, and how many days (3 to 30)." },
  { step: "Your season", what: "Your season of life and, if you want to say, what is hard now and what has helped before." },
  { step: "Your days", what: "How many minutes a day you have, how you like to read, a daily challenge, and listening." },
  { step: "Review", what: "Everything on one page, to change anything before the plan is made." },
];

const backLink = (
  <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
    ← The Path
  </Link>
);

/** /path/create: what a plan of his own is, what he will be asked, and Start. */
export function WizardIntro() {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {backLink}
      <PageHeading
        title="Create your own plan"
        description="A plan written for you, one day at a time: a passage of Scripture, a short reading, a question to reflect on, a challenge if you want one, and a prayer, shaped around what you want to grow in and the life you are living."
      />
      <section aria-labelledby="asked" className="space-y-3">
        <h2 id="asked" className="font-serif text-xl font-semibold">
          What you will be asked
        </h2>
        <ol className="space-y-2">
          {ASKED.map((item, i) => (
            <li key={item.step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-pasture-100 text-sm font-semibold text-pasture-800 dark:bg-stone-800 dark:text-gold-300"
              >
                {i + 1}
              </span>
              <p className="text-stone-800 dark:text-stone-200">
                <span className="font-semibold">{item.step}: </span>
                {item.what}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <p className="text-stone-700 dark:text-stone-300">
        It takes about two minutes. Your answers are kept on this device as you go, so you can stop and come back. Once you create
        the plan it is written in the background, usually within a few minutes, and it appears under The Path for you to start.
      </p>
      <Link
        to="/path/create/basics"
        className="inline-flex h-12 items-center rounded-lg bg-pasture-700 px-6 text-base font-medium text-white hover:bg-pasture-800"
      >
        Start
      </Link>
    </div>
  );
}

/** A free member on a Premium page (/path/create..., /path/builder): the spec's Premium message and the way to upgrade. */
export function PremiumOnly({ title = "Create your own plan" }: { title?: string }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {backLink}
      <PageHeading title={title} />
      <Card className="flex items-start gap-3">
        <Crown aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
        <p className="font-medium text-stone-900 dark:text-stone-100">{PREMIUM_ONLY_MESSAGE}</p>
      </Card>
      <UpgradePrompt context="plan_viewing" />
    </div>
  );
}
