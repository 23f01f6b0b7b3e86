import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, flockOf, join } from "./helpers/community";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("notifications (spec sections 2, 4 and 7)", () => {
  test("the 20 newest with their mentioner and the unread count; read one, read all, delete one", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    for (let i = 1; i <= 23; i++) {
      expect((await b.client.post("/api/pasture/posts", { body: `Note ${i} for @${a.username}` })).status).toBe(201);
    }
    const list = (await a.client.get("/api/notifications")).json();
    expect(list.unread).toBe(23);
    expect(list.items).toHaveLength(20);
    expect(list.items[0]).toMatchObject({
      type: "mention_post",
      content: `Note 23 for @${a.username}`,
      read: false,
      mentioner: { id: b.id, username: b.username, display_name: "Barnabas" },
    });

    const first = list.items[0].id;
    expect((await a.client.post(`/api/notifications/${first}/read`)).json()).toEqual({ read: true });
    const afterOne = (await a.client.get("/api/notifications")).json();
    expect(afterOne.unread).toBe(22);
    expect(afterOne.items[0].read).toBe(true);

    expect((await a.client.delete(`/api/notifications/${first}`)).json()).toEqual({ deleted: true });
    const afterDelete = (await a.client.get("/api/notifications")).json();
    expect(afterDelete.items.map((n: { id: string }) => n.id)).not.toContain(first);

    expect((await a.client.post("/api/notifications/read-all")).json()).toEqual({ updated: 22 });
    expect((await a.client.get("/api/notifications")).json().unread).toBe(0);
    expect((await a.client.post("/api/notifications/read-all")).json()).toEqual({ updated: 0 });
  });

  test("another user's notification ids answer 404 and change nothing", async () => {
    const a = await brother(app);
    const b = await brother(app);
    await b.client.post("/api/pasture/posts", { body: `Hello @${a.username}` });
    const [note] = (await a.client.get("/api/notifications")).json().items;
    expect((await b.client.post(`/api/notifications/${note.id}/read`)).status).toBe(404);
    const deleted = await b.client.delete(`/api/notifications/${note.id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.json().error.message).toBe("That notification was not found.");
    await b.client.post("/api/notifications/read-all");
    const mine = (await a.client.get("/api/notifications")).json();
    expect(mine.unread).toBe(1);
    expect(mine.items[0].id).toBe(note.id);
    expect((await b.client.get("/api/notifications")).json().items).toEqual([]);
  });

  test("each notification links to the very item: the post, the comment on it, the reflection, its comment", async () => {
    const a = await brother(app, "Aquila");
    const b = await brother(app, "Boaz");
    const post = (await b.client.post("/api/pasture/posts", { body: `Pray with me, @${a.username}` })).json();
    const comment = (await b.client.post(`/api/pasture/posts/${post.id}/comments`, { body: `Thank you @${a.username}` })).json();
    const flock = await flockOf(b, "Early Risers");
    await join(b, flock.id, a);
    const reflection = (
      await b.client.post(`/api/flocks/${flock.id}/reflections`, { body: `Grateful for @${a.username}` })
    ).json();
    const reply = (
      await b.client.post(`/api/reflections/${reflection.id}/comments`, { body: `And again, @${a.username}` })
    ).json();

    const items = (await a.client.get("/api/notifications")).json().items as Array<{ type: string; link: string }>;
    expect(items.map((n) => [n.type, n.link])).toEqual([
      ["mention_reflection", `/flock?f=${flock.id}&reflection=${reflection.id}&comment=${reply.id}`],
      ["mention_reflection", `/flock?f=${flock.id}&reflection=${reflection.id}`],
      ["mention_comment", `/pasture?post=${post.id}&comment=${comment.id}`],
      ["mention_post", `/pasture?post=${post.id}`],
    ]);

    // The reflection the link names opens for a member of the flock, and for nobody else.
    const opened = await a.client.get(`/api/reflections/${reflection.id}`);
    expect(opened.status).toBe(200);
    expect(opened.json()).toMatchObject({ id: reflection.id, body: `Grateful for @${a.username}` });
    const outsider = await brother(app, "Outsider");
    expect((await outsider.client.get(`/api/reflections/${reflection.id}`)).status).toBe(404);

    // A deleted comment leaves no link to follow; the bell falls back to the page.
    expect((await b.client.delete(`/api/pasture/comments/${comment.id}`)).status).toBe(200);
    const after = (await a.client.get("/api/notifications")).json().items as Array<{ type: string; link: string | null }>;
    expect(after.find((n) => n.type === "mention_comment")?.link).toBeNull();
  });
});
