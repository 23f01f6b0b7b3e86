/**
 * The charts' colours in each theme. Canvas cannot read Tailwind's dark: classes, so they are chosen here from the same
 * palette (stone, pasture, gold) and redrawn when the theme changes. The eight focus colours are Okabe and Ito's
 * colour-blind-safe set, adjusted to keep their contrast on white and on stone-900.
 */
export interface ChartPalette {
  axis: string;
  grid: string;
  line: string;
  bar: string;
  /** The connection bands, lowest first. */
  bands: string[];
  bandText: string;
  focus: string[];
}

const LIGHT: ChartPalette = {
  axis: "#57534e", // stone-600
  grid: "#e7e5e4", // stone-200
  line: "#264f37", // pasture-700
  bar: "#3f7a55", // pasture-500
  bands: ["rgba(63,122,85,0.03)", "rgba(63,122,85,0.07)", "rgba(63,122,85,0.11)", "rgba(63,122,85,0.15)", "rgba(63,122,85,0.2)"],
  bandText: "#57534e",
  focus: ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#8A6A12", "#78716C"],
};

const DARK: ChartPalette = {
  axis: "#a8a29e", // stone-400
  grid: "#292524", // stone-800
  line: "#f0d898", // gold-300
  bar: "#c3d7c6", // pasture-200
  bands: [
    "rgba(240,216,152,0.02)",
    "rgba(240,216,152,0.05)",
    "rgba(240,216,152,0.08)",
    "rgba(240,216,152,0.11)",
    "rgba(240,216,152,0.15)",
  ],
  bandText: "#a8a29e",
  focus: ["#56B4E9", "#E69F00", "#4ECB9A", "#E3A3CB", "#9FD8F7", "#FF8A4C", "#F0E442", "#D6D3D1"],
};

export const paletteFor = (dark: boolean) => (dark ? DARK : LIGHT);

export const CHART_FONT = "12px Inter, ui-sans-serif, system-ui, sans-serif";
