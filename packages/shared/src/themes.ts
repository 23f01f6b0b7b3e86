/** Section 1 and 5: the eight themes, also the check-in focus choices. */
export const FOCUS_THEMES = [
  { id: "marriage", label: "Marriage" },
  { id: "fatherhood", label: "Fatherhood" },
  { id: "work", label: "Work" },
  { id: "prayer", label: "Prayer Life" },
  { id: "bible_study", label: "Bible Study" },
  { id: "brotherhood", label: "Brotherhood" },
  { id: "temptation", label: "Temptation" },
  { id: "leadership", label: "Leadership" },
] as const;

export type FocusThemeId = (typeof FOCUS_THEMES)[number]["id"];
export const FOCUS_THEME_IDS = FOCUS_THEMES.map((t) => t.id) as [FocusThemeId, ...FocusThemeId[]];

export function focusThemeLabel(id: string): string {
  return FOCUS_THEMES.find((t) => t.id === id)?.label ?? id;
}

/**
 * Current topics offered on the intentions step: what a man is carrying right now.
 * Our design (the spec names the field, not its choices).
 */
export const CURRENT_TOPICS = [
  { id: "new_marriage", label: "Newly married" },
  { id: "marriage_strain", label: "A strained season in marriage" },
  { id: "new_father", label: "A new baby at home" },
  { id: "raising_teens", label: "Raising teenagers" },
  { id: "work_pressure", label: "Pressure at work" },
  { id: "job_change", label: "Changing jobs or out of work" },
  { id: "consistent_prayer", label: "Building a consistent prayer life" },
  { id: "reading_scripture", label: "Reading Scripture daily" },
  { id: "loneliness", label: "Feeling alone; wanting brothers" },
  { id: "purity", label: "Fighting for purity" },
  { id: "anger", label: "Anger and patience" },
  { id: "leading_family", label: "Leading my family spiritually" },
  { id: "grief", label: "Grief or loss" },
  { id: "finances", label: "Money and provision" },
] as const;

export type CurrentTopicId = (typeof CURRENT_TOPICS)[number]["id"];
export const CURRENT_TOPIC_IDS = CURRENT_TOPICS.map((t) => t.id) as [CurrentTopicId, ...CurrentTopicId[]];
