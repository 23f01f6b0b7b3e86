/**
 * Links into The Word, without zod: a scripture reference on any page (Today's passage, a plan's day) links to the
 * reader through this module, so those pages do not load The Word's request schemas with their first screen.
 */

/** The address that resolves any reference text on the server and opens the reader there. */
export function referencePath(reference: string): string {
  return `/word?ref=${encodeURIComponent(reference.trim())}`;
}
