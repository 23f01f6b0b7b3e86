import { ChartLine, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { SettingsSection } from "./settings-section";

const LINKS = [
  {
    to: "/insights",
    icon: ChartLine,
    label: "Insights",
    hint: "Charts of your walk, and a reflection on your week or month",
  },
  {
    to: "/whispers",
    icon: Sparkles,
    label: "The Shepherd's Whispers",
    hint: "Every word of encouragement written for you",
  },
] as const;

/** The ways back to what his walk has added up to: insights and the whispers archive. */
export function LookBackSection() {
  return (
    <SettingsSection title="Look back" description="What your check-ins, devotionals and journal add up to.">
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {LINKS.map(({ to, icon: Icon, label, hint }) => (
          <li key={to}>
            <Link to={to} className="flex items-center gap-3 rounded-lg py-3 hover:bg-stone-50 dark:hover:bg-stone-800">
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-pasture-700 dark:text-gold-300" />
              <span className="min-w-0 break-words">
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-stone-600 dark:text-stone-400">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
