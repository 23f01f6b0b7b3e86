const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching text that contains `words` as typed: `%` `_` and `\` in them match themselves. */
export const containing = (words: string) => `%${escape(words)}%`;

/** A LIKE pattern matching text that starts with `prefix` as written (`%`, `_` and `\` match themselves). */
export const startingWith = (prefix: string) => `${escape(prefix)}%`;
