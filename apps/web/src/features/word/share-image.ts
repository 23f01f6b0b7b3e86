/**
 * A verse as a picture to keep or send: the text and its reference on a quiet green background, drawn on a canvas
 * in the browser (nothing is uploaded). Square, 1080 px, the size messaging apps and stories show best.
 */

export const SHARE_IMAGE_SIZE = 1080;
const MARGIN = 110;
const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';
const SANS = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Words into lines no wider than `width` at the context's current font. */
export function wrapLines(measure: (text: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function drawVerseImage(canvas: HTMLCanvasElement, verse: { text: string; reference: string; translation: string }): void {
  const size = SHARE_IMAGE_SIZE;
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw images.");

  const background = ctx.createLinearGradient(0, 0, size, size);
  background.addColorStop(0, "#152820");
  background.addColorStop(1, "#2f6344");
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = "rgba(232, 200, 114, 0.55)";
  ctx.lineWidth = 3;
  ctx.strokeRect(48, 48, size - 96, size - 96);

  // The largest type at which the verse fits the space above the reference.
  const quoted = `“${verse.text.trim()}”`;
  const width = size - MARGIN * 2;
  const room = size - MARGIN * 2 - 200;
  let fontSize = 68;
  let lines: string[] = [];
  for (; fontSize >= 26; fontSize -= 2) {
    ctx.font = `${fontSize}px ${SERIF}`;
    lines = wrapLines((t) => ctx.measureText(t).width, quoted, width);
    if (lines.length * fontSize * 1.35 <= room) break;
  }
  const lineHeight = fontSize * 1.35;
  const blockHeight = lines.length * lineHeight;
  let y = MARGIN + (room - blockHeight) / 2 + fontSize;
  ctx.fillStyle = "#faf6ee";
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  for (const line of lines) {
    ctx.fillText(line, size / 2, y);
    y += lineHeight;
  }

  ctx.fillStyle = "#e8c872";
  ctx.font = `600 40px ${SANS}`;
  ctx.fillText(`${verse.reference} (${verse.translation})`, size / 2, size - MARGIN - 70);
  ctx.fillStyle = "rgba(250, 246, 238, 0.75)";
  ctx.font = `28px ${SANS}`;
  ctx.fillText("Shepherd · Lead with love. Guide with grace.", size / 2, size - MARGIN);
}

export function verseImageBlob(verse: { text: string; reference: string; translation: string }): Promise<Blob> {
  const canvas = document.createElement("canvas");
  drawVerseImage(canvas, verse);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be made."))), "image/png"),
  );
}

/** "John 3:16-18" -> "john-3-16-18.png" */
export function shareFileName(reference: string): string {
  return `${reference
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.png`;
}

/** How a verse reads when copied as text. */
export function verseAsText(verse: { text: string; reference: string; translation: string }): string {
  return `“${verse.text.trim()}” — ${verse.reference} (${verse.translation})`;
}
