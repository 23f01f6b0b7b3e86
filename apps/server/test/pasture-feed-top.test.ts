import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { feedTopJson, listPosts } from "../src/modules/pasture/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother } from "./helpers/community";

/**
 * The top of the feed is built as JSON by PostgreSQL (feedTopJson) while every other page goes through listPosts and
 * toPost: both must say the same about every kind of post, field for field.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const { posts } = schema;

test("the top of the feed from PostgreSQL's JSON is listPosts' answer, for every kind of post", async () => {
  const viewer = await brother(app, "Viewer");
  const other = await brother(app, "Other");
  const create = async (who: typeof viewer, body: object) => {
    const res = await who.client.post("/api/pasture/posts", body);
    expect(res.status, res.text).toBe(201);
    return res.json().id as string;
  };

  for (let i = 0; i < 18; i++) await create(other, { body: `Filler ${i}` });
  const plain = await create(other, { body: 'Quotes " and \\ backslashes,\nnew lines, tabs\t and 🙏 — all kept.' });
  const prayer = await create(other, { kind: "prayer_request", body: "Pray for my son.", scripture_ref: "Philippians 4:6-7" });
  const reacted = await create(other, { body: "Reacted to twice." });
  const ownHidden = await create(viewer, { body: "Mine, hidden by an admin: I still see it." });
  const othersHidden = await create(other, { body: "Hidden from everyone but its author." });
  const edited = await create(viewer, { body: "Edited a minute later." });
  const almostEdited = await create(other, { body: "Saved 1000.5 ms after writing: not an edit at millisecond precision." });
  const pictured = await create(other, { body: "With a picture." });

  for (const kind of ["praying", "encourage"]) {
    expect((await viewer.client.put(`/api/pasture/posts/${reacted}/reactions/${kind}`)).status).toBeLessThan(300);
  }
  expect((await other.client.put(`/api/pasture/posts/${reacted}/reactions/praying`)).status).toBeLessThan(300);
  await app.db
    .update(posts)
    .set({ hiddenAt: new Date() })
    .where(sql`${posts.id} in (${ownHidden}, ${othersHidden})`);
  await app.db
    .update(posts)
    .set({ updatedAt: sql`${posts.createdAt} + interval '1 minute'` })
    .where(eq(posts.id, edited));
  await app.db
    .update(posts)
    .set({
      createdAt: sql`timestamptz '2030-01-01 08:00:00.000400+00'`,
      updatedAt: sql`timestamptz '2030-01-01 08:00:01.000900+00'`,
    })
    .where(eq(posts.id, almostEdited));
  await app.db
    .update(posts)
    .set({ imageUrl: `/api/files/pasture/${other.id}/picture.png` })
    .where(eq(posts.id, pictured));

  const text = await feedTopJson(app.db, viewer.id);
  const fromSql = JSON.parse(text);
  const fromRows = await listPosts(app.db, { viewerId: viewer.id });
  expect(fromSql).toEqual(fromRows);
  // Byte for byte what JSON.stringify makes of it (key order, no spaces, escapes), except the order of my reactions.
  const sortReactions = (page: typeof fromRows) => ({
    ...page,
    items: page.items.map((p) => ({ ...p, my_reactions: [...p.my_reactions].sort() })),
  });
  expect(JSON.stringify(sortReactions(fromSql))).toBe(JSON.stringify(sortReactions(fromRows)));
  expect(text).toBe(JSON.stringify(fromSql));
  expect(fromSql.items).toHaveLength(20);
  expect(fromSql.next_cursor).toEqual(expect.any(String));

  const ids = fromSql.items.map((p: { id: string }) => p.id);
  expect(ids).toEqual(expect.arrayContaining([plain, prayer, reacted, ownHidden, edited, pictured]));
  expect(ids).not.toContain(othersHidden);
  const byId = new Map(fromSql.items.map((p: { id: string }) => [p.id, p]));
  expect(byId.get(reacted)).toMatchObject({ reactions: { praying: 2, encourage: 1 } });
  expect((byId.get(reacted) as { my_reactions: string[] }).my_reactions.sort()).toEqual(["encourage", "praying"]);
  expect(byId.get(ownHidden)).toMatchObject({ hidden: true, mine: true });
  expect(byId.get(edited)).toMatchObject({ edited: true, mine: true });
  expect(byId.get(pictured)).toMatchObject({ image_url: `/api/files/pasture/${other.id}/picture.png`, mine: false });

  // Dated ahead of the rest, it tops the page; 1000.5 ms between writing and saving is no edit at milliseconds.
  expect(fromSql.items[0]).toMatchObject({
    id: almostEdited,
    edited: false,
    created_at: "2030-01-01T08:00:00.000Z",
    updated_at: "2030-01-01T08:00:01.000Z",
  });
  // The cursor from the SQL answer leads to the same second page as listPosts' own.
  expect(fromSql.next_cursor).toBe(fromRows.next_cursor);
  expect((await listPosts(app.db, { viewerId: viewer.id, before: fromSql.next_cursor })).items.length).toBeGreaterThan(0);

  // What a member is sent over HTTP is the same answer.
  const res = await viewer.client.get("/api/pasture/posts");
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.json()).toEqual(fromRows);
  // His own author's view differs only in what is his.
  const asOther = JSON.parse(await feedTopJson(app.db, other.id));
  expect(asOther).toEqual(await listPosts(app.db, { viewerId: other.id }));
  expect(asOther.items.map((p: { id: string }) => p.id)).toContain(othersHidden);
});
