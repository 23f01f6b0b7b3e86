/**
 * Each theme's colours: the hero's artwork (an SVG drawn in the app, no outside pictures) and the shared verse's
 * picture use the same sky, land and light, so a man knows his Marriage morning at a glance.
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
