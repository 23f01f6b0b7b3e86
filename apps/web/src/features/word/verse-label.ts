import type { HighlightColor } from "@shepherd/shared/word";

/**
 * What a screen reader hears before a verse's words: "Verse 16, highlighted yellow, bookmarked, has a note: ".
 * The verse's toggle is named by this and its words (a label, not hidden text: an absolutely placed child would
 * throw off where a pointer lands on a verse that wraps).
 */
export function verseLabel(verse: number, color: HighlightColor | undefined, bookmarked: boolean, hasNote: boolean): string {
  const marks = [color && `highlighted ${color}`, bookmarked && "bookmarked", hasNote && "has a note"].filter(Boolean);
  return `Verse ${[verse, ...marks].join(", ")}: `;
}
