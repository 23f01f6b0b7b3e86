import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { Hono } from "hono";
import {
  annotationListQuery,
  chapterAnnotationsQuery,
  chapterAudioInput,
  chapterParams,
  createNoteInput,
  highlightInput,
  passageQuery,
  readerSettingsInput,
  readingPositionInput,
  searchQuery,
  updateNoteInput,
  verseOfTheDayQuery,
  verseSelectionInput,
} from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { sendEncoded, type EncodedBody } from "../../http/static";
import { validationError, readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { generateTextAudio } from "../audio/service";
import { loadVersesOfTheDay } from "./verses-of-the-day";
import {
  addBookmark,
  chapterAnnotations,
  createNote,
  deleteNote,
  listAnnotations,
  removeBookmark,
  removeHighlight,
  setHighlight,
  updateNote,
} from "./annotations";
import { searchBible } from "./search";
import { getReaderSettings, saveReadingPosition, updateReaderSettings } from "./settings";
import { chapterSpeechText, getChapter, getPassage, verseOfTheDay } from "./text";

/**
 * The Word's API (docs/word.md). The Bible's text is public domain and the same for everyone, so reading it
 * (chapters, passages, search, verse of the day) needs no sign-in and may be cached; highlights, bookmarks, notes
 * and reading settings are private, each person's own.
 */

/** Chapters are immutable for a translation version: their encoded bodies are kept, the most recent few hundred. */
const CHAPTER_CACHE_MAX = 400;
const CHAPTER_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
};

/** The plain, brotli and gzip forms of a chapter's answer, made once when it is first read. */
function encode(json: string): EncodedBody {
  const body = Buffer.from(json);
  return {
    body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

export function wordRoutes(ctx: AppContext) {
  let versesOfTheDay: ReturnType<typeof loadVersesOfTheDay> | undefined;
  const chapters = new Map<string, { etag: string; content: EncodedBody }>();
  /** What a change of highlights or bookmarks answers: my marks in that chapter, as the reader shows them. */
  const marksIn = (userId: string, where: { book: string; chapter: number }) =>
    chapterAnnotations(ctx.db, { userId, book: where.book, chapter: where.chapter });

  return (
    new Hono<AppEnv>()
      .get("/word/chapters/:translation/:book/:chapter", async (c) => {
        const parsed = chapterParams.safeParse(c.req.param());
        if (!parsed.success) throw validationError(parsed.error);
        const { translation, book, chapter } = parsed.data;
        const key = `${translation}:${book.toLowerCase()}:${chapter}`;
        let cached = chapters.get(key);
        if (!cached) {
          const found = await getChapter(ctx.db, { translation, book, chapter });
          cached = { etag: found.etag, content: encode(found.json) };
          if (chapters.size >= CHAPTER_CACHE_MAX) chapters.delete(chapters.keys().next().value!);
          chapters.set(key, cached);
        }
        return sendEncoded(c, cached.content, { ...CHAPTER_HEADERS, etag: cached.etag });
      })
      .get("/word/passage", async (c) => {
        const query = readQuery(c, passageQuery);
        return c.json(await getPassage(ctx.db, query));
      })
      .get("/word/search", async (c) => {
        const query = readQuery(c, searchQuery);
        return c.json(await searchBible(ctx.db, query));
      })
      .get("/word/verse-of-the-day", async (c) => {
        const query = readQuery(c, verseOfTheDayQuery);
        c.header("cache-control", "public, max-age=3600");
        versesOfTheDay ??= loadVersesOfTheDay();
        return c.json(await verseOfTheDay(ctx.db, versesOfTheDay, query));
      })
      .get("/word/annotations", async (c) => {
        const user = await requireUser(c);
        const { book, chapter } = readQuery(c, chapterAnnotationsQuery);
        return c.json(await chapterAnnotations(ctx.db, { userId: user.id, book, chapter }));
      })
      .get("/word/annotations/all", async (c) => {
        const user = await requireUser(c);
        const { kind, translation } = readQuery(c, annotationListQuery);
        return c.json({ items: await listAnnotations(ctx.db, { userId: user.id, kind, translation }) });
      })
      .put("/word/highlights", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, highlightInput);
        await setHighlight(ctx.db, { userId: user.id, ...input });
        return c.json(await marksIn(user.id, input));
      })
      .delete("/word/highlights", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, verseSelectionInput);
        await removeHighlight(ctx.db, { userId: user.id, ...input });
        return c.json(await marksIn(user.id, input));
      })
      .put("/word/bookmarks", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, verseSelectionInput);
        await addBookmark(ctx.db, { userId: user.id, ...input });
        return c.json(await marksIn(user.id, input));
      })
      .delete("/word/bookmarks", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, verseSelectionInput);
        await removeBookmark(ctx.db, { userId: user.id, ...input });
        return c.json(await marksIn(user.id, input));
      })
      .post("/word/notes", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, createNoteInput);
        return c.json(await createNote(ctx.db, { userId: user.id, ...input }), 201);
      })
      .patch(`/word/notes/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        const { content } = await readJson(c, updateNoteInput);
        return c.json(await updateNote(ctx.db, { userId: user.id, id: c.req.param("id"), content }));
      })
      .delete(`/word/notes/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        await deleteNote(ctx.db, { userId: user.id, id: c.req.param("id") });
        return c.json({ deleted: true });
      })
      .get("/word/settings", async (c) => {
        const user = await requireUser(c);
        return c.json(await getReaderSettings(ctx.db, user.id));
      })
      .put("/word/settings", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, readerSettingsInput);
        return c.json(
          await updateReaderSettings(ctx.db, {
            userId: user.id,
            translation: input.translation,
            fontSize: input.font_size,
            lineSpacing: input.line_spacing,
          }),
        );
      })
      .put("/word/position", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, readingPositionInput);
        return c.json(await saveReadingPosition(ctx.db, { userId: user.id, ...input }));
      })
      // Listen to a chapter: the Today issue's speech provider and audio cap, cached per person and chapter.
      .post("/word/audio", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, chapterAudioInput);
        const { book, text } = await chapterSpeechText(ctx.db, input);
        const { audioUrl } = await generateTextAudio({
          db: ctx.db,
          storage: ctx.storage,
          speech: ctx.speech,
          log: ctx.log,
          userId: user.id,
          text,
          voice: "onyx",
          cacheKey: `bible-${input.translation}-${book.slug}-${input.chapter}`,
        });
        return c.json({ audioUrl });
      })
  );
}
