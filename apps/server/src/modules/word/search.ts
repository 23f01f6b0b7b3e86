import { sql } from "drizzle-orm";
import { bookByIndex, SEARCH_PAGE_SIZE, verseReference, type SearchResult, type TranslationId } from "@shepherd/shared";
import { poolOf, type Database } from "../../db/client";
import { AppError } from "../../errors";
import { bookOf, resolve } from "./text";

/** Full-text search of the Bible, with the words found marked. */

/** Book indexes (1 Genesis ... 66 Revelation) a search may be limited to; the Old Testament is the first 39. */
const TESTAMENT_BOOKS = { all: [1, 66], ot: [1, 39], nt: [40, 66] } as const;

const HIT_START = "\u0001";
const HIT_END = "\u0002";
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;

/** $1 words, $2 translation, $3-$4 book range, $5 limit, $6 offset, $7 ts_headline options. */
const SEARCH_SQL = `
  WITH q AS (SELECT websearch_to_tsquery('english', $1) AS query, phraseto_tsquery('english', $1) AS phrase),
  hits AS (
    SELECT v.book_index, v.chapter, v.verse, v.text, count(*) OVER () AS total,
           (numnode(q.phrase) > 0 AND v.search @@ q.phrase) AS phrase_hit, ts_rank_cd(v.search, q.query) AS rank
    FROM bible_verses v CROSS JOIN q
    WHERE v.translation = $2 AND v.book_index BETWEEN $3 AND $4 AND v.search @@ q.query
    ORDER BY phrase_hit DESC, rank DESC, v.book_index, v.chapter, v.verse
    LIMIT $5 OFFSET $6
  )
  SELECT h.book_index, h.chapter, h.verse, h.total, ts_headline('english', h.text, q.query, $7) AS marked
  FROM hits h CROSS JOIN q
  ORDER BY h.phrase_hit DESC, h.rank DESC, h.book_index, h.chapter, h.verse`;

/** ts_headline's marked text -> pieces; a marker never appears in the Bible text itself. */
export function splitMarked(marked: string): Array<{ text: string; hit: boolean }> {
  const parts: Array<{ text: string; hit: boolean }> = [];
  for (const piece of marked.split(HIT_START)) {
    const end = piece.indexOf(HIT_END);
    if (end < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    if (end > 0) parts.push({ text: piece.slice(0, end), hit: true });
    if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), hit: false });
  }
  return parts;
}

/**
 * Full-text search of one translation (PostgreSQL's English text search: stems, stop words, "quoted phrases", -not,
 * or). Verses holding the words as a phrase come first, then by ts_rank_cd, then in Bible order.
 */
export async function searchBible(
  db: Database,
  options: { q: string; translation: TranslationId; testament: "all" | "ot" | "nt"; book?: string; offset: number },
): Promise<SearchResult> {
  const book = options.book ? bookOf(options.book) : null;
  const [from, to] = book ? [book.index, book.index] : TESTAMENT_BOOKS[options.testament];
  // A named prepared statement: PostgreSQL plans it once per connection (planning costs more than running it).
  const result = await poolOf(db).query<{
    book_index: number;
    chapter: number;
    verse: number;
    marked: string;
    total: string;
  }>({
    name: "bible_search",
    text: SEARCH_SQL,
    values: [options.q, options.translation, from, to, SEARCH_PAGE_SIZE, options.offset, HEADLINE_OPTIONS],
  });
  const rows = result.rows;
  if (rows.length === 0 && options.offset === 0) {
    const check = await db.execute<{ nodes: number }>(
      sql`SELECT numnode(websearch_to_tsquery('english', ${options.q})) AS nodes`,
    );
    if (Number(check.rows[0]?.nodes ?? 0) === 0) {
      throw new AppError(
        "BAD_REQUEST",
        `"${options.q}" is made only of very common words. Add a word that says more, such as "shepherd".`,
      );
    }
  }
  let reference: SearchResult["reference"] = null;
  try {
    const found = await resolve(db, { ref: options.q, translation: options.translation });
    reference = { display: found.display, path: { book: found.book.osis, chapter: found.chapter, verses: found.verses } };
  } catch {
    // Not a reference: a plain search.
  }
  return {
    query: options.q,
    translation: options.translation,
    total: rows[0] ? Number(rows[0].total) : 0,
    offset: options.offset,
    reference,
    hits: rows.map((r) => {
      const hitBook = bookByIndex(r.book_index)!;
      return {
        book: hitBook.osis,
        chapter: r.chapter,
        verse: r.verse,
        reference: verseReference(hitBook, r.chapter, [r.verse]),
        parts: splitMarked(r.marked),
      };
    }),
  };
}
