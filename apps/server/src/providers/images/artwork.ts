import { Resvg } from "@resvg/resvg-js";
import { focusThemeLabel, themePalette } from "@shepherd/shared";

/**
 * A devotional's artwork drawn offline: an SVG composed here from its theme (the sky, land and light the Today hero
 * uses, and a sign per theme) and its scripture reference, rasterised to PNG by resvg (prebuilt binaries from npm).
 */

export const ARTWORK_WIDTH = 1200;
export const ARTWORK_HEIGHT = 675;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Each theme's sign, in the theme's light, drawn in the sky's upper right. */
function sign(theme: string, light: string): string {
  const stroke = `fill="none" stroke="${light}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;
  switch (theme) {
    case "marriage":
      return `<g ${stroke}><circle cx="880" cy="200" r="52"/><circle cx="948" cy="200" r="52"/></g>`;
    case "fatherhood":
      return `<g fill="${light}"><circle cx="880" cy="150" r="26"/><rect x="856" y="184" width="48" height="110" rx="18"/>
        <circle cx="950" cy="200" r="18"/><rect x="934" y="224" width="32" height="70" rx="12"/></g>`;
    case "work":
      return `<g ${stroke}><path d="M860 270 L960 170"/><path d="M930 150 L990 210 L965 235 L905 175 Z" fill="${light}"/></g>`;
    case "prayer":
      return `<g ${stroke}><path d="M915 140 C880 190 880 250 915 290 C950 250 950 190 915 140 Z"/><path d="M915 290 L915 150"/></g>`;
    case "bible_study":
      return `<g ${stroke}><path d="M830 170 Q875 150 920 175 L920 290 Q875 265 830 285 Z"/>
        <path d="M1010 170 Q965 150 920 175 L920 290 Q965 265 1010 285 Z"/></g>`;
    case "brotherhood":
      return `<g fill="${light}">${[0, 1, 2]
        .map(
          (i) =>
            `<circle cx="${860 + i * 55}" cy="170" r="22"/><rect x="${842 + i * 55}" y="200" width="36" height="90" rx="14"/>`,
        )
        .join("")}</g>`;
    case "temptation":
      return `<g ${stroke}><path d="M920 140 L990 170 L980 250 Q955 290 920 305 Q885 290 860 250 L850 170 Z"/></g>`;
    case "leadership":
      return `<g ${stroke}><path d="M880 300 L880 140"/><path d="M880 145 L980 170 L880 205" fill="${light}"/></g>`;
    default:
      return `<g ${stroke}><path d="M920 140 L920 300"/><path d="M870 190 L970 190"/></g>`;
  }
}

/** The SVG: sky, sun, two hills, the theme's sign, and the reference with the theme's name over the near hill. */
export function artworkSvg(devotional: { theme: string; passage: string }): string {
  const p = themePalette(devotional.theme);
  const reference = escapeXml(devotional.passage.slice(0, 60));
  const theme = escapeXml(focusThemeLabel(devotional.theme));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" viewBox="0 0 ${ARTWORK_WIDTH} ${ARTWORK_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${p.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" fill="url(#sky)"/>
  <circle cx="300" cy="420" r="260" fill="url(#glow)"/>
  <circle cx="300" cy="420" r="80" fill="${p.light}"/>
  ${sign(devotional.theme, p.light)}
  <path d="M0 460 C220 380 420 420 640 450 C860 480 1020 400 1200 420 L1200 675 L0 675 Z" fill="${p.land[0]}"/>
  <path d="M0 540 C260 490 520 560 760 530 C960 505 1080 520 1200 540 L1200 675 L0 675 Z" fill="${p.land[1]}"/>
  <text x="60" y="620" font-family="DejaVu Serif, Georgia, serif" font-size="44" fill="${p.light}">${reference}</text>
  <text x="${ARTWORK_WIDTH - 60}" y="620" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="${p.light}" fill-opacity="0.85">${theme}</text>
</svg>`;
}

/** The artwork as PNG bytes (the reference is drawn with the system's fonts; without any, the picture is still whole). */
export function renderArtworkPng(devotional: { theme: string; passage: string }): Buffer {
  const resvg = new Resvg(artworkSvg(devotional), { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } });
  return resvg.render().asPng();
}

/** The image type of stored bytes by their magic numbers, or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): "image/png" | "image/webp" | "image/jpeg" | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (b.length > 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  return null;
}
