import { themePalette } from "./theme-art";

/**
 * Today's verse as a picture to send or keep: the passage in the theme's colours, its reference and the app's name,
 * drawn on a canvas in the browser (nothing is uploaded). Portrait 4:5, the shape phones show whole in chats and stories.
 * Loaded only when he asks to share.
 */

export const PICTURE_WIDTH = 1080;
export const PICTURE_HEIGHT = 1350;
const MARGIN = 120;
const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';
const SANS = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Measures text at a font size (the canvas's measureText in the browser; a simple rule in tests). */
export type Measure = (text: string, fontSize: number) => number;

/** Words into lines no wider than `width`; a word longer than the width keeps a line of its own. */
export function wrapWords(measure: Measure, text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export interface VerseLayout {
  fontSize: number;
  lineHeight: number;
  lines: string[];
  /** The passage was too long for the picture and ends with "…". */
  shortened: boolean;
}

/**
 * The passage in quotation marks at the largest size (from `max` down to `min`) at which it fits the box; a passage
 * too long even at `min` is cut after the last whole word that fits, with "…" before the closing mark.
 */
export function fitVerse(
  measure: Measure,
  text: string,
  box: { width: number; height: number },
  sizes: { max: number; min: number; lineHeight: number } = { max: 72, min: 36, lineHeight: 1.35 },
): VerseLayout {
  const quoted = `“${text.trim()}”`;
  for (let fontSize = sizes.max; fontSize >= sizes.min; fontSize -= 2) {
    const lines = wrapWords(measure, quoted, fontSize, box.width);
    if (lines.length * fontSize * sizes.lineHeight <= box.height) {
      return { fontSize, lineHeight: fontSize * sizes.lineHeight, lines, shortened: false };
    }
  }
  const fontSize = sizes.min;
  const room = Math.max(1, Math.floor(box.height / (fontSize * sizes.lineHeight)));
  const lines = wrapWords(measure, quoted, fontSize, box.width).slice(0, room);
  const words = lines.pop()!.split(" ");
  const ending = () => `${words.join(" ").replace(/[,;:.]+$/, "")}…”`;
  let last = ending();
  while (words.length > 1 && measure(last, fontSize) > box.width) {
    words.pop();
    last = ending();
  }
  return { fontSize, lineHeight: fontSize * sizes.lineHeight, lines: [...lines, last], shortened: true };
}

export interface SharedVerse {
  text: string;
  reference: string;
  translation: string;
  theme: string;
  themeLabel: string;
}

export function drawVersePicture(canvas: HTMLCanvasElement, verse: SharedVerse): void {
  const [w, h] = [PICTURE_WIDTH, PICTURE_HEIGHT];
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw pictures.");
  const palette = themePalette(verse.theme);

  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, palette.sky[0]);
  sky.addColorStop(1, palette.sky[1]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  // The land along the bottom, as in the day's artwork; a veil over the sky keeps the text readable.
  ctx.fillStyle = palette.land[0];
  ctx.beginPath();
  ctx.moveTo(0, h - 230);
  ctx.bezierCurveTo(w * 0.3, h - 300, w * 0.6, h - 200, w, h - 260);
  ctx.lineTo(w, h);
  ctx.lineTo(0, h);
  ctx.fill();
  ctx.fillStyle = palette.land[1];
  ctx.beginPath();
  ctx.moveTo(0, h - 130);
  ctx.bezierCurveTo(w * 0.35, h - 190, w * 0.7, h - 100, w, h - 150);
  ctx.lineTo(w, h);
  ctx.lineTo(0, h);
  ctx.fill();
  ctx.fillStyle = "rgba(12, 10, 9, 0.38)";
  ctx.fillRect(0, 0, w, h);

  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = palette.light;
  ctx.font = `600 30px ${SANS}`;
  ctx.fillText(`SHEPHERD · ${verse.themeLabel.toUpperCase()}`, w / 2, MARGIN + 10);

  const top = MARGIN + 80;
  const room = h - top - 380;
  const layout = fitVerse(
    (text, size) => {
      ctx.font = `${size}px ${SERIF}`;
      return ctx.measureText(text).width;
    },
    verse.text,
    { width: w - MARGIN * 2, height: room },
  );
  ctx.font = `${layout.fontSize}px ${SERIF}`;
  ctx.fillStyle = "#faf6ee";
  let y = top + (room - layout.lines.length * layout.lineHeight) / 2 + layout.fontSize;
  for (const line of layout.lines) {
    ctx.fillText(line, w / 2, y);
    y += layout.lineHeight;
  }

  ctx.fillStyle = palette.light;
  ctx.font = `600 44px ${SANS}`;
  ctx.fillText(`${verse.reference} (${verse.translation})`, w / 2, h - 300);
  ctx.fillStyle = "rgba(250, 246, 238, 0.9)";
  ctx.font = `28px ${SANS}`;
  ctx.fillText("Lead with love. Guide with grace.", w / 2, h - 60);
}

export function versePictureBlob(verse: SharedVerse): Promise<Blob> {
  const canvas = document.createElement("canvas");
  drawVersePicture(canvas, verse);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be made."))), "image/png"),
  );
}

/** "Ephesians 5:25" -> "ephesians-5-25.png" */
export function pictureFileName(reference: string): string {
  const slug = reference
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "verse"}.png`;
}
