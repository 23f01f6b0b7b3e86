/** An ILIKE pattern matching text that contains `words` as typed: `%` `_` and `\` in them match themselves. */
export const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
