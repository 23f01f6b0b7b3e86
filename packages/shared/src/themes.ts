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

/**
 * Each theme's colours: the hero's artwork (an SVG drawn in the app, no outside pictures) and the shared verse's
 * picture use the same sky, land and light (and the server's devotional artwork, admin Generate images), so a man knows his Marriage morning at a glance.
 */
export interface ThemePalette {
  /** Top and bottom of the sky. */
  sky: [string, string];
  /** The far and near hills. */
  land: [string, string];
  /** The sun, and the picture's accent. */
  light: string;
}

export const THEME_PALETTES: Record<string, ThemePalette> = {
  marriage: { sky: ["#7c2d3a", "#e8a87c"], land: ["#6b2631", "#3f1820"], light: "#fbe3b8" },
  fatherhood: { sky: ["#1e3a5f", "#8fb8d8"], land: ["#2c5470", "#183247"], light: "#f6e7b4" },
  work: { sky: ["#334155", "#d6a566"], land: ["#3b4656", "#1f2733"], light: "#f7d58b" },
  prayer: { sky: ["#3b2a5a", "#f0a860"], land: ["#4a3559", "#241a33"], light: "#ffe2a1" },
  bible_study: { sky: ["#1f3a2e", "#b9cf9a"], land: ["#2f6344", "#152820"], light: "#f0d898" },
  brotherhood: { sky: ["#312e81", "#d18a5b"], land: ["#3b3a7a", "#1e1b4b"], light: "#fcd9a0" },
  temptation: { sky: ["#1c1917", "#78716c"], land: ["#44403c", "#1c1917"], light: "#e8c872" },
  leadership: { sky: ["#064e3b", "#a7c7a0"], land: ["#14532d", "#052e16"], light: "#f0d898" },
};

export function themePalette(theme: string): ThemePalette {
  return THEME_PALETTES[theme] ?? THEME_PALETTES.bible_study!;
}
