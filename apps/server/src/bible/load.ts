import type pg from "pg";
import { TRANSLATION_IDS, type TranslationId } from "@shepherd/shared";
import type { Logger } from "../logger";
import { readTranslation, translationVersion, type SourceTranslation } from "./sources";

/** Any number for pg_advisory_xact_lock, the same in every process: only one loads the Bible at a time. */
const LOAD_LOCK = 7_310_316;

export type LoadedVersions = Record<TranslationId, string>;

async function insertTranslation(client: pg.PoolClient, source: SourceTranslation): Promise<number> {
  const chapters = { book: [] as number[], chapter: [] as number[], count: [] as number[], blocks: [] as string[] };
  const verses = { book: [] as number[], chapter: [] as number[], verse: [] as number[], text: [] as string[] };
  for (const c of source.chapters) {
    chapters.book.push(c.bookIndex);
    chapters.chapter.push(c.chapter);
    // The last verse's number: a translation may leave a verse out (the WEB has no Romans 16:24).
    chapters.count.push(Math.max(...c.verses.keys()));
    chapters.blocks.push(JSON.stringify(c.blocks));
    for (const [verse, text] of c.verses) {
      verses.book.push(c.bookIndex);
      verses.chapter.push(c.chapter);
      verses.verse.push(verse);
      verses.text.push(text);
    }
  }
  await client.query("DELETE FROM bible_translations WHERE id = $1", [source.id]);
  await client.query("INSERT INTO bible_translations (id, version, verse_count) VALUES ($1, $2, $3)", [
    source.id,
    source.version,
    verses.text.length,
  ]);
  await client.query(
    `INSERT INTO bible_chapters (translation, book_index, chapter, verse_count, blocks)
     SELECT $1, b, c, n, j::json FROM unnest($2::smallint[], $3::smallint[], $4::smallint[], $5::text[]) AS t(b, c, n, j)`,
    [source.id, chapters.book, chapters.chapter, chapters.count, chapters.blocks],
  );
  await client.query(
    `INSERT INTO bible_verses (translation, book_index, chapter, verse, text)
     SELECT $1, b, c, v, x FROM unnest($2::smallint[], $3::smallint[], $4::smallint[], $5::text[]) AS t(b, c, v, x)`,
    [source.id, verses.book, verses.chapter, verses.verse, verses.text],
  );
  return verses.text.length;
}

/**
 * Makes sure both translations are in the database at the version the installed packages carry; loads (or reloads)
 * what is missing or stale in one transaction under an advisory lock, so several processes starting together load
 * it once. Cheap when nothing changed: one small query.
 */
export async function ensureBibleLoaded(pool: pg.Pool, log: Logger): Promise<LoadedVersions> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [LOAD_LOCK]);
    const { rows } = await client.query<{ id: string; version: string }>("SELECT id, version FROM bible_translations");
    const stored = new Map(rows.map((r) => [r.id, r.version]));
    const versions = {} as LoadedVersions;
    let loaded = false;
    for (const id of TRANSLATION_IDS) {
      versions[id] = translationVersion(id);
      if (stored.get(id) === versions[id]) continue;
      const started = performance.now();
      const source = readTranslation(id);
      const count = await insertTranslation(client, source);
      loaded = true;
      log.info(
        { translation: id, version: source.version, verses: count, ms: Math.round(performance.now() - started) },
        "Bible text loaded",
      );
    }
    if (loaded) {
      // Fresh statistics for the planner, and the search index's pending list merged now: otherwise every search
      // scans tens of thousands of pending entries until autovacuum gets round to it.
      await client.query("ANALYZE bible_verses");
      await client.query("ANALYZE bible_chapters");
      await client.query("SELECT gin_clean_pending_list('bible_verses_search_idx'::regclass)");
    }
    await client.query("COMMIT");
    return versions;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
