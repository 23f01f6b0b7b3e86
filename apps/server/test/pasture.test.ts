import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother } from "./helpers/community";
import { multipart, TINY_PNG } from "./helpers/upload";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function notificationsOf(userId: string) {
  return app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
}

describe("posts", () => {
  test("a post and a prayer request, newest first, with the author's name and my flags", async () => {
    const a = await brother(app, "Andrew");
    const post = await a.client.post("/api/pasture/posts", { body: "  Grateful for this morning's quiet.  " });
    expect(post.status).toBe(201);
    expect(post.json()).toMatchObject({
      kind: "post",
      body: "Grateful for this morning's quiet.",
      author: { id: a.id, username: a.username, display_name: "Andrew" },
      scripture_ref: null,
      comment_count: 0,
      reactions: { praying: 0, encourage: 0 },
      my_reactions: [],
      mine: true,
      edited: false,
    });
    const prayer = await a.client.post("/api/pasture/posts", {
      kind: "prayer_request",
      body: "Please pray for my father's surgery on Tuesday.",
      scripture_ref: "Philippians 4:6-7",
    });
    expect(prayer.status).toBe(201);

    const b = await brother(app, "Bartholomew");
    const feed = (await b.client.get("/api/pasture/posts")).json();
    const ids = feed.items.map((p: { id: string }) => p.id);
    expect(ids.indexOf(prayer.json().id)).toBeLessThan(ids.indexOf(post.json().id));
    expect(feed.items.find((p: { id: string }) => p.id === prayer.json().id)).toMatchObject({
      kind: "prayer_request",
      scripture_ref: "Philippians 4:6-7",
      mine: false,
    });
    const prayersOnly = (await b.client.get("/api/pasture/posts?kind=prayer_request")).json();
    expect(prayersOnly.items.every((p: { kind: string }) => p.kind === "prayer_request")).toBe(true);
  });

  test("pages through the feed with a cursor, with no post twice and none missed", async () => {
    const a = await brother(app, "Paul");
    const made: string[] = [];
    for (let i = 0; i < 45; i++) made.push((await a.client.post("/api/pasture/posts", { body: `Day ${i}` })).json().id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : "";
      const page = (await a.client.get(`/api/pasture/posts?author=${a.id}${query}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items.map((p: { id: string }) => p.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  test("bad input gets a 400 a person can act on", async () => {
    const a = await brother(app);
    const empty = await a.client.post("/api/pasture/posts", { body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json().error.message).toBe("body: Your post cannot be empty");
    const long = await a.client.post("/api/pasture/posts", { body: "x".repeat(2001) });
    expect(long.json().error.message).toBe("body: Your post must be 2000 characters or less");
    const kind = await a.client.post("/api/pasture/posts", { body: "hi", kind: "sermon" });
    expect(kind.json().error.message).toBe("kind: kind must be post or prayer_request");
    const ref = await a.client.post("/api/pasture/posts", { body: "hi", scripture_ref: "<img src=x>" });
    expect(ref.status).toBe(400);
    const cursor = await a.client.get("/api/pasture/posts?before=nonsense");
    expect(cursor.status).toBe(400);
    expect(cursor.json().error.message).toBe("The page cursor is not valid. Start again from the top of the feed.");
    const image = await a.client.post("/api/pasture/posts", { body: "hi", image_url: "https://evil.example/x.png" });
    expect(image.json().error.message).toBe("Attach a picture you uploaded to The Pasture.");
  });

  test("text is stored as written, never turned into markup", async () => {
    const a = await brother(app);
    const body = `<script>alert("x")</script> & <b>bold</b>`;
    const post = (await a.client.post("/api/pasture/posts", { body })).json();
    expect(post.body).toBe(body);
  });

  test("only the author edits or deletes; another gets 403, an unknown id 404", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const post = (await a.client.post("/api/pasture/posts", { body: "First draft" })).json();
    const edit = await b.client.patch(`/api/pasture/posts/${post.id}`, { body: "Hijacked" });
    expect(edit.status).toBe(403);
    expect((await b.client.delete(`/api/pasture/posts/${post.id}`)).status).toBe(403);
    const mine = await a.client.patch(`/api/pasture/posts/${post.id}`, { body: "Second draft" });
    expect(mine.status).toBe(200);
    expect(mine.json().body).toBe("Second draft");
    expect((await a.client.delete(`/api/pasture/posts/${post.id}`)).status).toBe(200);
    expect((await a.client.get(`/api/pasture/posts/${post.id}`)).status).toBe(404);
    expect((await a.client.delete("/api/pasture/posts/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await a.client.get("/api/pasture/posts/------------------------------------")).status).toBe(404);
  });

  test("a picture uploads, attaches, is served to signed-in people, and goes with the post", async () => {
    const a = await brother(app);
    const form = await multipart({ image: { bytes: TINY_PNG, filename: "sunrise.png", type: "image/png" } });
    const upload = await a.client.request("POST", "/api/pasture/images", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    expect(upload.status).toBe(201);
    const { image_url } = upload.json();
    expect(image_url).toMatch(new RegExp(`^/api/files/pasture/${a.id}/`));
    const post = (await a.client.post("/api/pasture/posts", { body: "Sunrise", image_url })).json();
    expect(post.image_url).toBe(image_url);
    const b = await brother(app);
    const file = await b.client.get(image_url);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    // Someone else's upload cannot be attached to my post.
    const stolen = await b.client.post("/api/pasture/posts", { body: "Mine now", image_url });
    expect(stolen.status).toBe(400);
    await a.client.delete(`/api/pasture/posts/${post.id}`);
    expect((await b.client.get(image_url)).status).toBe(404);

    const fake = await multipart({ image: { bytes: "not a picture", filename: "x.png", type: "image/png" } });
    const refused = await a.client.request("POST", "/api/pasture/images", {
      body: fake.body,
      headers: { "content-type": fake.contentType },
    });
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toBe("That file is not a picture we can use.");
  });
});

describe("reactions", () => {
  test("praying and encourage: one of each per person, counted, and removable", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const post = (await a.client.post("/api/pasture/posts", { kind: "prayer_request", body: "Pray for my marriage" })).json();
    await b.client.put(`/api/pasture/posts/${post.id}/reactions/praying`);
    const twice = await b.client.put(`/api/pasture/posts/${post.id}/reactions/praying`);
    expect(twice.json()).toMatchObject({ reactions: { praying: 1, encourage: 0 }, my_reactions: ["praying"] });
    await c.client.put(`/api/pasture/posts/${post.id}/reactions/praying`);
    const encouraged = (await c.client.put(`/api/pasture/posts/${post.id}/reactions/encourage`)).json();
    expect(encouraged.reactions).toEqual({ praying: 2, encourage: 1 });
    expect([...encouraged.my_reactions].sort()).toEqual(["encourage", "praying"]);
    const removed = (await b.client.delete(`/api/pasture/posts/${post.id}/reactions/praying`)).json();
    expect(removed).toMatchObject({ reactions: { praying: 1, encourage: 1 }, my_reactions: [] });
    const again = (await b.client.delete(`/api/pasture/posts/${post.id}/reactions/praying`)).json();
    expect(again.reactions.praying).toBe(1);
    expect((await b.client.put(`/api/pasture/posts/${post.id}/reactions/like`)).status).toBe(404);
    expect((await b.client.put("/api/pasture/posts/00000000-0000-4000-8000-000000000000/reactions/praying")).status).toBe(404);
  });
});

describe("comments", () => {
  test("oldest first, counted on the post, edited and deleted only by their author", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const post = (await a.client.post("/api/pasture/posts", { body: "What verse carried you this week?" })).json();
    const first = await b.client.post(`/api/pasture/posts/${post.id}/comments`, { body: "Isaiah 40:31" });
    expect(first.status).toBe(201);
    expect(first.json()).toMatchObject({ body: "Isaiah 40:31", mine: true, author: { id: b.id } });
    await a.client.post(`/api/pasture/posts/${post.id}/comments`, { body: "Amen, brother." });
    const list = (await a.client.get(`/api/pasture/posts/${post.id}/comments`)).json();
    expect(list.map((c: { body: string }) => c.body)).toEqual(["Isaiah 40:31", "Amen, brother."]);
    expect((await a.client.get(`/api/pasture/posts/${post.id}`)).json().comment_count).toBe(2);

    const commentId = first.json().id;
    expect((await a.client.patch(`/api/pasture/comments/${commentId}`, { body: "Changed" })).status).toBe(403);
    expect((await a.client.delete(`/api/pasture/comments/${commentId}`)).status).toBe(403);
    const edited = await b.client.patch(`/api/pasture/comments/${commentId}`, { body: "Isaiah 40:29-31" });
    expect(edited.json().body).toBe("Isaiah 40:29-31");
    expect((await b.client.delete(`/api/pasture/comments/${commentId}`)).status).toBe(200);
    expect((await a.client.get(`/api/pasture/posts/${post.id}`)).json().comment_count).toBe(1);
    const empty = await b.client.post(`/api/pasture/posts/${post.id}/comments`, { body: "" });
    expect(empty.json().error.message).toBe("body: Your comment cannot be empty");
    const missing = await b.client.post("/api/pasture/posts/00000000-0000-4000-8000-000000000000/comments", { body: "hi" });
    expect(missing.status).toBe(404);
  });
});

describe("mentions", () => {
  test("a post notifies each person it mentions once, never the writer, and not again after an edit", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const c = await brother(app, "Caleb");
    const post = (
      await b.client.post("/api/pasture/posts", {
        body: `Thank you @${a.username} and @${a.username.toUpperCase()} for praying. @${b.username} @nobody_here`,
      })
    ).json();
    const forA = await notificationsOf(a.id);
    expect(forA).toHaveLength(1);
    expect(forA[0]).toMatchObject({ type: "mention_post", mentionerId: b.id, read: false, sourceId: post.id });
    expect(forA[0]!.content).toContain("Thank you @");
    expect(await notificationsOf(b.id)).toHaveLength(0);

    await b.client.patch(`/api/pasture/posts/${post.id}`, { body: `${post.body} and @${c.username}` });
    expect(await notificationsOf(a.id)).toHaveLength(1);
    expect(await notificationsOf(c.id)).toHaveLength(1);

    const list = (await a.client.get("/api/notifications")).json();
    expect(list.unread).toBe(1);
    expect(list.items[0]).toMatchObject({
      type: "mention_post",
      mentioner: { id: b.id, username: b.username, display_name: "Barnabas" },
    });
  });

  test("a comment mention is mention_comment", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const post = (await a.client.post("/api/pasture/posts", { body: "Men's breakfast Saturday" })).json();
    await b.client.post(`/api/pasture/posts/${post.id}/comments`, { body: `Count me in, @${a.username}!` });
    const rows = await notificationsOf(a.id);
    expect(rows.map((r) => r.type)).toEqual(["mention_comment"]);
    expect(rows[0]!.content).toBe(`Count me in, @${a.username}!`);
  });

  test("username search for autocomplete: by prefix, not myself, at most 8", async () => {
    const a = await brother(app, "Searcher");
    const b = await brother(app, "Zebedee");
    const prefix = b.username.slice(0, 9);
    const found = (await a.client.get(`/api/users/search?q=${prefix}`)).json();
    expect(found.map((p: { id: string }) => p.id)).toContain(b.id);
    expect(found.length).toBeLessThanOrEqual(8);
    const self = (await b.client.get(`/api/users/search?q=${prefix}`)).json();
    expect(self.map((p: { id: string }) => p.id)).not.toContain(b.id);
    // "_" is matched literally, not as a wildcard.
    const wildcard = (await a.client.get(`/api/users/search?q=${b.username.slice(0, 7)}_`)).json();
    expect(wildcard.every((p: { username: string }) => p.username.startsWith(`${b.username.slice(0, 7)}_`))).toBe(true);
    expect((await a.client.get(`/api/users/search?q=${"x".repeat(40)}`)).status).toBe(400);
  });
});

describe("reports", () => {
  test("a post or comment is reported once with its text kept; my own cannot be", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const post = (await a.client.post("/api/pasture/posts", { body: "Buy my crypto course" })).json();
    const report = await b.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Spam" });
    expect(report.status).toBe(201);
    await b.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Spam again" });
    await a.client.patch(`/api/pasture/posts/${post.id}`, { body: "Edited to hide it" });
    const rows = await app.db.select().from(schema.contentReports).where(eq(schema.contentReports.targetId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: b.id, authorId: a.id, excerpt: "Buy my crypto course", status: "open" });
    const own = await a.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Oops" });
    expect(own.json().error.message).toBe("You cannot report what you wrote yourself.");
    const missing = await b.client.post("/api/reports", {
      target_type: "comment",
      target_id: "00000000-0000-4000-8000-000000000000",
      reason: "Mean",
    });
    expect(missing.status).toBe(404);
    const noReason = await b.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "" });
    expect(noReason.json().error.message).toBe("reason: Say in a few words what is wrong");
  });
});

describe("sign-in", () => {
  test("every community route needs a signed-in user", async () => {
    const anonymous = app.client();
    for (const [method, path] of [
      ["GET", "/api/pasture/posts"],
      ["POST", "/api/pasture/posts"],
      ["POST", "/api/pasture/images"],
      ["GET", "/api/users/search?q=a"],
      ["POST", "/api/reports"],
      ["GET", "/api/flocks"],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      const res = await anonymous.request(method, path, method === "POST" ? { json: {} } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("the admin Reports page", () => {
  test("admins list open reports, dismiss one, and remove reported content; others get 403", async () => {
    const a = await brother(app, "Author");
    const b = await brother(app, "Reporter");
    const admin = await brother(app, "Admin");
    const [adminRow] = await app.db.select().from(schema.users).where(eq(schema.users.id, admin.id));
    await setAdmin(app.db, adminRow!.email, true);
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change

    const post = (await a.client.post("/api/pasture/posts", { body: "Something unkind" })).json();
    const other = (await a.client.post("/api/pasture/posts", { body: "A misunderstanding" })).json();
    const comment = (await a.client.post(`/api/pasture/posts/${other.id}/comments`, { body: "Rude comment" })).json();
    await b.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Unkind" });
    await b.client.post("/api/reports", { target_type: "comment", target_id: comment.id, reason: "Rude" });

    expect((await b.client.get("/api/admin/reports")).status).toBe(403);
    const open = (await admin.client.get("/api/admin/reports")).json();
    const postReport = open.find((r: { target_id: string }) => r.target_id === post.id);
    const commentReport = open.find((r: { target_id: string }) => r.target_id === comment.id);
    expect(postReport).toMatchObject({
      target_type: "post",
      excerpt: "Something unkind",
      reason: "Unkind",
      status: "open",
      author: { id: a.id, username: a.username },
      reporter: { id: b.id },
    });

    const dismissed = await admin.client.post(`/api/admin/reports/${postReport.id}/resolve`, { action: "dismiss" });
    expect(dismissed.json()).toEqual({ resolved: true, removed: false });
    expect((await a.client.get(`/api/pasture/posts/${post.id}`)).status).toBe(200);

    const removed = await admin.client.post(`/api/admin/reports/${commentReport.id}/resolve`, { action: "remove" });
    expect(removed.json()).toEqual({ resolved: true, removed: true });
    expect((await a.client.get(`/api/pasture/posts/${other.id}/comments`)).json()).toEqual([]);
    expect((await a.client.get(`/api/pasture/posts/${other.id}`)).json().comment_count).toBe(0);

    const stillOpen = (await admin.client.get("/api/admin/reports")).json();
    expect(stillOpen.map((r: { id: string }) => r.id)).not.toContain(postReport.id);
    const resolved = (await admin.client.get("/api/admin/reports?status=resolved")).json();
    expect(resolved.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([postReport.id, commentReport.id]));
    const bad = await admin.client.post(`/api/admin/reports/${postReport.id}/resolve`, { action: "ban" });
    expect(bad.json().error.message).toBe("action: action must be dismiss or remove");

    // Both are in the audit log, shown on the author's page.
    const audit = (await admin.client.get(`/api/admin/users/${a.id}`)).json().audit as Array<{
      action: string;
      actor_email: string;
      details: Record<string, unknown>;
    }>;
    expect(audit.map((e) => e.action).sort()).toEqual(["report.dismiss", "report.remove"]);
    expect(audit.find((e) => e.action === "report.dismiss")!.details).toMatchObject({
      report_id: postReport.id,
      reason: "Unkind",
    });
    expect(audit.find((e) => e.action === "report.remove")!.details).toMatchObject({
      report_id: commentReport.id,
      reason: "Rude",
    });
    expect(audit.every((e) => e.actor_email === adminRow!.email)).toBe(true);
  });
});

describe("removing a reported post", () => {
  test("takes its picture with it, as the author's own delete does", async () => {
    const a = await brother(app, "Author");
    const b = await brother(app, "Reporter");
    const admin = await brother(app, "Admin");
    const [adminRow] = await app.db.select().from(schema.users).where(eq(schema.users.id, admin.id));
    await setAdmin(app.db, adminRow!.email, true);
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    const form = await multipart({ image: { bytes: TINY_PNG, filename: "x.png", type: "image/png" } });
    const upload = await a.client.request("POST", "/api/pasture/images", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    const { image_url } = upload.json();
    const post = (await a.client.post("/api/pasture/posts", { body: "Look at this", image_url })).json();
    expect((await b.client.get(image_url)).status).toBe(200);
    await b.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Not for here" });
    const report = (await admin.client.get("/api/admin/reports"))
      .json()
      .find((r: { target_id: string }) => r.target_id === post.id);

    const removed = await admin.client.post(`/api/admin/reports/${report.id}/resolve`, { action: "remove" });
    expect(removed.json()).toEqual({ resolved: true, removed: true });
    expect((await b.client.get(`/api/pasture/posts/${post.id}`)).status).toBe(404);
    expect((await b.client.get(image_url)).status).toBe(404);
  });
});

describe("more mentions", () => {
  test("edits notify only the names they add; a deleted notification does not come back", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const post = (await b.client.post("/api/pasture/posts", { body: `Grateful for @${a.username}` })).json();
    const [note] = (await a.client.get("/api/notifications")).json().items;
    expect((await a.client.delete(`/api/notifications/${note.id}`)).status).toBe(200);
    await b.client.patch(`/api/pasture/posts/${post.id}`, { body: `Grateful for @${a.username}!` });
    await b.client.patch(`/api/pasture/posts/${post.id}`, { scripture_ref: "Proverbs 27:17" });
    expect(await notificationsOf(a.id)).toEqual([]);

    const comment = (await b.client.post(`/api/pasture/posts/${post.id}/comments`, { body: "Iron sharpens iron" })).json();
    const edit = await b.client.patch(`/api/pasture/comments/${comment.id}`, { body: `Iron sharpens iron, @${c.username}` });
    expect(edit.status).toBe(200);
    expect((await notificationsOf(c.id)).map((n) => [n.type, n.sourceId])).toEqual([["mention_comment", comment.id]]);
    await b.client.patch(`/api/pasture/comments/${comment.id}`, { body: `Iron sharpens iron, @${c.username}.` });
    expect(await notificationsOf(c.id)).toHaveLength(1);
  });

  test("one item notifies at most 10 people; the notification is the start of the text on one line", async () => {
    const writer = await brother(app, "Writer");
    const people = [];
    for (let i = 0; i < 11; i++) people.push(await brother(app, "Reader"));
    const body = `${people.map((p) => `@${p.username}`).join(" ")}\n\n${"Pray for the men of our church. ".repeat(8)}`;
    await writer.client.post("/api/pasture/posts", { body });
    const counts = await Promise.all(people.map(async (p) => (await notificationsOf(p.id)).length));
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    const [first] = await notificationsOf(people[0]!.id);
    expect(first!.content).not.toContain("\n");
    expect(first!.content.length).toBeLessThanOrEqual(140);
    expect(first!.content.endsWith("…")).toBe(true);
    expect(first!.content.startsWith(`@${people[0]!.username} @${people[1]!.username}`)).toBe(true);
  });
});
