/** The themes' colours live in the shared package: the server draws devotional artwork with them too. */
export { THEME_PALETTES, themePalette, type ThemePalette } from "@shepherd/shared/themes";
