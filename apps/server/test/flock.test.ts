import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, flockOf, join } from "./helpers/community";
import { addDays, checkedInOn, completedOn } from "./helpers/today";
import { setTimeZone, streakDays, userDay } from "../src/modules/devotional/service";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("flocks", () => {
  test("create, invite by username, accept; members see each other", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const flock = await flockOf(a);
    const detail = (await a.client.get(`/api/flocks/${flock.id}`)).json();
    expect(detail).toMatchObject({ name: "Tuesday Men", my_role: "owner", pending: [] });
    expect(detail.members).toHaveLength(1);

    const invited = await a.client.post(`/api/flocks/${flock.id}/invitations`, { username: `@${b.username.toUpperCase()}` });
    expect(invited.status).toBe(201);
    expect(invited.json().pending.map((p: { id: string }) => p.id)).toEqual([b.id]);
    const again = await a.client.post(`/api/flocks/${flock.id}/invitations`, { username: b.username });
    expect(again.status).toBe(409);
    expect(again.json().error.message).toBe(`@${b.username} has been invited already.`);
    const nobody = await a.client.post(`/api/flocks/${flock.id}/invitations`, { username: "no_such_person_x" });
    expect(nobody.json().error.message).toBe("No one uses the username @no_such_person_x. Check the spelling.");

    const mine = (await b.client.get("/api/flocks")).json();
    expect(mine.flocks).toEqual([]);
    expect(mine.invitations).toEqual([
      expect.objectContaining({
        flock_id: flock.id,
        flock_name: "Tuesday Men",
        invited_by: expect.objectContaining({ id: a.id }),
      }),
    ]);
    // Invited is not a member yet.
    expect((await b.client.get(`/api/flocks/${flock.id}`)).status).toBe(404);
    const accepted = await b.client.post(`/api/flocks/${flock.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toMatchObject({ my_role: "member" });
    expect(accepted.json().members.map((m: { id: string }) => m.id)).toEqual([a.id, b.id]);
    expect((await b.client.get("/api/flocks")).json().flocks).toEqual([
      expect.objectContaining({ id: flock.id, member_count: 2, my_role: "member" }),
    ]);
  });

  test("decline an invitation", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const flock = await flockOf(a);
    await a.client.post(`/api/flocks/${flock.id}/invitations`, { username: b.username });
    expect((await b.client.post(`/api/flocks/${flock.id}/decline`)).status).toBe(200);
    expect((await b.client.get("/api/flocks")).json().invitations).toEqual([]);
    expect((await b.client.post(`/api/flocks/${flock.id}/accept`)).status).toBe(404);
  });

  test("an invite link previews and joins; a replaced link stops working", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const flock = await flockOf(a, "Fathers of Daughters");
    const preview = await b.client.get(`/api/flock-invites/${flock.invite_code}`);
    expect(preview.json()).toMatchObject({ name: "Fathers of Daughters", member_count: 1, already_member: false });
    const joined = await b.client.post(`/api/flock-invites/${flock.invite_code}/accept`);
    expect(joined.json().members).toHaveLength(2);
    // Joining twice changes nothing.
    expect((await b.client.post(`/api/flock-invites/${flock.invite_code}/accept`)).json().members).toHaveLength(2);

    expect((await b.client.post(`/api/flocks/${flock.id}/invite-code`)).status).toBe(403);
    const { invite_code } = (await a.client.post(`/api/flocks/${flock.id}/invite-code`)).json();
    expect(invite_code).not.toBe(flock.invite_code);
    const old = await c.client.post(`/api/flock-invites/${flock.invite_code}/accept`);
    expect(old.status).toBe(404);
    expect(old.json().error.message).toBe("This invite link is not valid any more. Ask for a new one.");
    expect((await c.client.post(`/api/flock-invites/${invite_code}/accept`)).status).toBe(200);
  });

  test("leaving: the owner hands over to the longest-standing member; the last one out ends the flock", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    await join(a, flock.id, c);
    expect((await a.client.post(`/api/flocks/${flock.id}/leave`)).json()).toEqual({ flock_ended: false });
    expect((await a.client.get(`/api/flocks/${flock.id}`)).status).toBe(404);
    expect((await b.client.get(`/api/flocks/${flock.id}`)).json().my_role).toBe("owner");
    // The new owner removes c, then leaves last.
    const removed = await b.client.delete(`/api/flocks/${flock.id}/members/${c.id}`);
    expect(removed.json().members.map((m: { id: string }) => m.id)).toEqual([b.id]);
    expect((await b.client.post(`/api/flocks/${flock.id}/leave`)).json()).toEqual({ flock_ended: true });
    expect(await app.db.select().from(schema.flocks).where(eq(schema.flocks.id, flock.id))).toHaveLength(0);
  });

  test("only the owner renames or removes; names are checked", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    expect((await b.client.patch(`/api/flocks/${flock.id}`, { name: "Mine" })).status).toBe(403);
    expect((await b.client.delete(`/api/flocks/${flock.id}/members/${a.id}`)).status).toBe(403);
    const renamed = await a.client.patch(`/api/flocks/${flock.id}`, { name: "Iron Sharpens Iron" });
    expect(renamed.json().name).toBe("Iron Sharpens Iron");
    const short = await a.client.post("/api/flocks", { name: "ab" });
    expect(short.json().error.message).toBe("name: A flock's name must be at least 3 characters");
  });

  test("streaks show only for members who share them", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    const today = (await b.client.get("/api/devotionals/today")).json();
    expect((await b.client.post("/api/progress/complete", { devotional_id: today.id })).status).toBe(200);
    const hidden = (await a.client.get(`/api/flocks/${flock.id}`)).json();
    expect(hidden.members.find((m: { id: string }) => m.id === b.id).streak).toBeNull();
    expect((await b.client.patch("/api/profile", { share_streak: true })).json().share_streak).toBe(true);
    const shown = (await a.client.get(`/api/flocks/${flock.id}`)).json();
    expect(shown.members.find((m: { id: string }) => m.id === b.id).streak).toBe(1);
    expect((await a.client.get(`/api/profiles/${b.id}`)).json().streak).toBe(1);
    expect((await b.client.get(`/api/profiles/${a.id}`)).json().streak).toBeNull();
  });

  test("each sharing member's streak is counted on his own today, as his profile counts it", async () => {
    const owner = await brother(app);
    const flock = await flockOf(owner);
    // Far ahead of UTC and far behind it: near midnight their todays differ, and each streak is his own.
    const people = [
      { zone: "Pacific/Kiritimati", done: [-1, -2, -3], checkedIn: [0] },
      { zone: "Pacific/Pago_Pago", done: [-1], checkedIn: [-2, -4] },
      { zone: "UTC", done: [-3, -4], checkedIn: [] },
      { zone: "Europe/London", done: [], checkedIn: [] },
    ];
    const members = [];
    for (const person of people) {
      const member = await brother(app);
      await join(owner, flock.id, member);
      expect((await member.client.patch("/api/profile", { share_streak: true })).status).toBe(200);
      await setTimeZone(app.db, { userId: member.id, timeZone: person.zone });
      const { date } = await userDay(app.db, member.id);
      await completedOn(
        app.db,
        member.id,
        person.done.map((d) => addDays(date, d)),
      );
      await checkedInOn(
        app.db,
        member.id,
        person.checkedIn.map((d) => addDays(date, d)),
      );
      members.push(member);
    }
    const detail = (await owner.client.get(`/api/flocks/${flock.id}`)).json();
    const shown = members.map((m) => detail.members.find((x: { id: string }) => x.id === m.id).streak);
    expect(shown).toEqual(await Promise.all(members.map((m) => streakDays(app.db, { userId: m.id }))));
    expect(shown).toEqual([4, 2, 0, 0]);
    // The owner does not share his: null, not 0.
    expect(detail.members.find((x: { id: string }) => x.id === owner.id).streak).toBeNull();
  });
});

describe("reflections", () => {
  test("members share reflections with comments; outsiders cannot read, write or report them", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const outsider = await brother(app, "Outsider");
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    const devotional = (await b.client.get("/api/devotionals/today")).json();
    const created = await b.client.post(`/api/flocks/${flock.id}/reflections`, {
      body: "I was quick to anger this week. Pray I listen first.",
      prompt: devotional.reflection,
      devotional_id: devotional.id,
    });
    expect(created.status).toBe(201);
    const reflection = created.json();
    expect(reflection).toMatchObject({ flock_id: flock.id, devotional_title: devotional.title, mine: true, comment_count: 0 });

    const page = (await a.client.get(`/api/flocks/${flock.id}/reflections`)).json();
    expect(page.items.map((r: { id: string }) => r.id)).toEqual([reflection.id]);
    const comment = await a.client.post(`/api/reflections/${reflection.id}/comments`, { body: "Praying, brother." });
    expect(comment.status).toBe(201);
    expect((await b.client.get(`/api/reflections/${reflection.id}/comments`)).json()).toHaveLength(1);

    for (const [method, path, json] of [
      ["GET", `/api/flocks/${flock.id}`, undefined],
      ["GET", `/api/flocks/${flock.id}/reflections`, undefined],
      ["POST", `/api/flocks/${flock.id}/reflections`, { body: "Let me in" }],
      ["GET", `/api/reflections/${reflection.id}/comments`, undefined],
      ["POST", `/api/reflections/${reflection.id}/comments`, { body: "Hello" }],
      ["PATCH", `/api/reflections/${reflection.id}`, { body: "Changed" }],
      ["DELETE", `/api/reflections/${reflection.id}`, undefined],
      ["POST", `/api/flocks/${flock.id}/invitations`, { username: outsider.username }],
      ["POST", "/api/reports", { target_type: "reflection", target_id: reflection.id, reason: "Curious" }],
    ] as const) {
      const res = await outsider.client.request(method, path, json ? { json } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Belonging to a flock of his own does not let him reach into this one.
    await flockOf(outsider);
    const stranger = await outsider.client.post("/api/reports", {
      target_type: "reflection",
      target_id: reflection.id,
      reason: "Curious",
    });
    expect(stranger.status).toBe(404);
    // A member who is not the author cannot change it.
    expect((await a.client.patch(`/api/reflections/${reflection.id}`, { body: "Changed" })).status).toBe(403);
    expect((await a.client.delete(`/api/reflections/${reflection.id}`)).status).toBe(403);
    const reported = await a.client.post("/api/reports", { target_type: "reflection", target_id: reflection.id, reason: "Test" });
    expect(reported.status).toBe(201);
    // Someone else's devotional cannot be attached.
    const foreign = await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: "Hmm", devotional_id: devotional.id });
    expect(foreign.status).toBe(404);

    expect((await b.client.delete(`/api/reflections/${reflection.id}`)).status).toBe(200);
    expect((await a.client.get(`/api/flocks/${flock.id}/reflections`)).json().items).toEqual([]);
  });

  test("a reflection mention notifies members of the flock only", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const outsider = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    await b.client.post(`/api/flocks/${flock.id}/reflections`, {
      body: `@${a.username} thank you. @${outsider.username} should hear this too.`,
    });
    const forA = await app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, a.id));
    expect(forA.map((n) => n.type)).toEqual(["mention_reflection"]);
    const forOutsider = await app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, outsider.id));
    expect(forOutsider).toEqual([]);
  });
});

describe("more of My Flock", () => {
  test("streak sharing is off for a new brother until he turns it on", async () => {
    const a = await brother(app);
    expect((await a.client.get("/api/me")).json().profile.share_streak).toBe(false);
    const [row] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, a.id));
    expect(row!.shareStreak).toBe(false);
    expect((await a.client.patch("/api/profile", { share_streak: true })).json().share_streak).toBe(true);
    expect((await a.client.patch("/api/profile", { share_streak: false })).json().share_streak).toBe(false);
    expect((await a.client.patch("/api/profile", { share_streak: "yes" })).status).toBe(400);
  });

  test("a member who leaves, or is removed, can no longer read the flock or its reflections", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const outsider = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    await join(a, flock.id, c);
    const reflection = (await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: "Stay close, brothers." })).json();

    expect((await outsider.client.post(`/api/flocks/${flock.id}/leave`)).status).toBe(404);
    expect((await b.client.post(`/api/flocks/${flock.id}/leave`)).json()).toEqual({ flock_ended: false });
    expect((await b.client.post(`/api/flocks/${flock.id}/leave`)).status).toBe(404);
    expect((await a.client.delete(`/api/flocks/${flock.id}/members/${c.id}`)).status).toBe(200);
    for (const gone of [b, c]) {
      expect((await gone.client.get(`/api/flocks/${flock.id}`)).status).toBe(404);
      expect((await gone.client.get(`/api/flocks/${flock.id}/reflections`)).status).toBe(404);
      expect((await gone.client.get(`/api/reflections/${reflection.id}/comments`)).status).toBe(404);
      expect((await gone.client.get("/api/flocks")).json().flocks).toEqual([]);
    }
    const detail = (await a.client.get(`/api/flocks/${flock.id}`)).json();
    expect(detail.members.map((m: { id: string }) => m.id)).toEqual([a.id]);
    // A mention of someone who left reaches him no more.
    await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: `Miss you @${b.username}` });
    const forB = await app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, b.id));
    expect(forB).toEqual([]);
  });

  test("a flock holds at most 24 brothers", async () => {
    const a = await brother(app, "Shepherd");
    const flock = await flockOf(a, "Twenty Four");
    const brothers = [];
    for (let i = 0; i < 24; i++) brothers.push(await brother(app, "Joiner"));
    for (const b of brothers.slice(0, 23)) {
      expect((await b.client.post(`/api/flock-invites/${flock.invite_code}/accept`)).status).toBe(200);
    }
    const full = await brothers[23]!.client.post(`/api/flock-invites/${flock.invite_code}/accept`);
    expect(full.status).toBe(409);
    expect(full.json().error.message).toBe("This flock is full: a flock has at most 24 brothers.");
    expect((await a.client.get(`/api/flocks/${flock.id}`)).json().members).toHaveLength(24);
  });
});

describe("more of reflections", () => {
  test("newest first, 20 a page, with a cursor", async () => {
    const a = await brother(app);
    const flock = await flockOf(a);
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      made.push((await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: `Day ${i}` })).json().id);
    }
    const first = (await a.client.get(`/api/flocks/${flock.id}/reflections`)).json();
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await a.client.get(`/api/flocks/${flock.id}/reflections?before=${encodeURIComponent(first.next_cursor)}`)
    ).json();
    expect(second.next_cursor).toBeNull();
    expect([...first.items, ...second.items].map((r: { id: string }) => r.id)).toEqual([...made].reverse());
  });

  test("the author edits his reflection and his comments; another member gets 403, an outsider 404", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const outsider = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    const reflection = (await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: "First thought" })).json();
    const edited = await a.client.patch(`/api/reflections/${reflection.id}`, { body: "Second thought" });
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({ body: "Second thought", mine: true });

    const comment = (await b.client.post(`/api/reflections/${reflection.id}/comments`, { body: "Good word" })).json();
    expect((await a.client.get(`/api/flocks/${flock.id}/reflections`)).json().items[0].comment_count).toBe(1);
    for (const [who, status] of [
      [a, 403],
      [outsider, 404],
    ] as const) {
      expect((await who.client.patch(`/api/reflection-comments/${comment.id}`, { body: "Mine now" })).status).toBe(status);
      expect((await who.client.delete(`/api/reflection-comments/${comment.id}`)).status).toBe(status);
    }
    const changed = await b.client.patch(`/api/reflection-comments/${comment.id}`, { body: "Good word, brother" });
    expect(changed.json()).toMatchObject({ body: "Good word, brother", mine: true });
    expect((await a.client.get(`/api/reflections/${reflection.id}/comments`)).json()).toEqual([
      expect.objectContaining({ id: comment.id, body: "Good word, brother", mine: false }),
    ]);
    expect((await b.client.delete(`/api/reflection-comments/${comment.id}`)).status).toBe(200);
    expect((await a.client.get(`/api/reflections/${reflection.id}/comments`)).json()).toEqual([]);
    expect((await a.client.get(`/api/flocks/${flock.id}/reflections`)).json().items[0].comment_count).toBe(0);
    expect((await b.client.delete(`/api/reflection-comments/${comment.id}`)).status).toBe(404);
  });

  test("a comment on a reflection that mentions a member is mention_reflection, once, never the writer", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const outsider = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    const reflection = (await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: "Pray for patience" })).json();
    const body = `@${a.username} @${a.username} I will. @${b.username} @${outsider.username}`;
    const comment = (await b.client.post(`/api/reflections/${reflection.id}/comments`, { body })).json();
    const notes = async (userId: string) =>
      app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
    expect(await notes(a.id)).toEqual([
      expect.objectContaining({ type: "mention_reflection", mentionerId: b.id, sourceId: comment.id, content: body }),
    ]);
    expect(await notes(b.id)).toEqual([]);
    expect(await notes(outsider.id)).toEqual([]);
    const list = (await a.client.get("/api/notifications")).json();
    expect(list.items[0]).toMatchObject({ type: "mention_reflection", mentioner: { id: b.id, username: b.username } });

    // Deleting the notification and then seeing the comment edited does not bring it back.
    expect((await a.client.delete(`/api/notifications/${list.items[0].id}`)).status).toBe(200);
    await b.client.patch(`/api/reflection-comments/${comment.id}`, { body: `${body} Amen.` });
    expect(await notes(a.id)).toEqual([]);
  });

  test("editing a reflection notifies only the names the edit adds", async () => {
    const a = await brother(app);
    const b = await brother(app);
    const c = await brother(app);
    const flock = await flockOf(a);
    await join(a, flock.id, b);
    await join(a, flock.id, c);
    const reflection = (await a.client.post(`/api/flocks/${flock.id}/reflections`, { body: `Thanks @${b.username}` })).json();
    const [forB] = (await b.client.get("/api/notifications")).json().items;
    await b.client.delete(`/api/notifications/${forB.id}`);
    await a.client.patch(`/api/reflections/${reflection.id}`, { body: `Thanks @${b.username} and @${c.username}` });
    expect((await b.client.get("/api/notifications")).json().items).toEqual([]);
    expect((await c.client.get("/api/notifications")).json().items).toEqual([
      expect.objectContaining({ type: "mention_reflection", content: `Thanks @${b.username} and @${c.username}` }),
    ]);
  });
});
