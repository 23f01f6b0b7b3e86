import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, type Brother } from "./helpers/community";
import type { HttpResponse, RequestOptions } from "./helpers/http-client";

/**
 * Every route of the community (issue 5): who may call it, and what bad input gets. Each refusal is a 4xx JSON answer
 * with a message a person can act on, never a 500.
 */

let app: TestApp;
let owner: Brother;
let member: Brother;
let flockId: string;
let inviteCode: string;
let postId: string;
let commentId: string;
let reflectionId: string;
let reflectionCommentId: string;
let notificationId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await brother(app, "Owner");
  member = await brother(app, "Member");
  const flock = (await owner.client.post("/api/flocks", { name: "Route Testers" })).json();
  flockId = flock.id;
  inviteCode = flock.invite_code;
  expect((await member.client.post(`/api/flock-invites/${inviteCode}/accept`)).status).toBe(200);
  postId = (await owner.client.post("/api/pasture/posts", { body: `Hello @${member.username}` })).json().id;
  commentId = (await member.client.post(`/api/pasture/posts/${postId}/comments`, { body: "Hello back" })).json().id;
  reflectionId = (await owner.client.post(`/api/flocks/${flockId}/reflections`, { body: "A reflection" })).json().id;
  reflectionCommentId = (await member.client.post(`/api/reflections/${reflectionId}/comments`, { body: "Amen" })).json().id;
  notificationId = (await member.client.get("/api/notifications")).json().items[0].id;
});
afterAll(async () => {
  await app?.close();
});

/** Every route of the community, with a body that would be accepted from someone allowed to call it. */
const routes = (): Array<[string, string, RequestOptions?]> => [
  ["GET", "/api/pasture/posts"],
  ["POST", "/api/pasture/posts", { json: { body: "Hi" } }],
  ["POST", "/api/pasture/images", { body: "x", headers: { "content-type": "multipart/form-data; boundary=x" } }],
  ["GET", `/api/pasture/posts/${postId}`],
  ["PATCH", `/api/pasture/posts/${postId}`, { json: { body: "Changed" } }],
  ["DELETE", `/api/pasture/posts/${postId}`],
  ["PUT", `/api/pasture/posts/${postId}/reactions/praying`],
  ["DELETE", `/api/pasture/posts/${postId}/reactions/praying`],
  ["GET", `/api/pasture/posts/${postId}/comments`],
  ["POST", `/api/pasture/posts/${postId}/comments`, { json: { body: "Hi" } }],
  ["PATCH", `/api/pasture/comments/${commentId}`, { json: { body: "Changed" } }],
  ["DELETE", `/api/pasture/comments/${commentId}`],
  ["POST", "/api/reports", { json: { target_type: "post", target_id: postId, reason: "Spam" } }],
  ["GET", "/api/users/search?q=own"],
  ["GET", `/api/profiles/${owner.id}`],
  ["GET", "/api/flocks"],
  ["POST", "/api/flocks", { json: { name: "New flock" } }],
  ["GET", `/api/flocks/${flockId}`],
  ["PATCH", `/api/flocks/${flockId}`, { json: { name: "Renamed" } }],
  ["POST", `/api/flocks/${flockId}/invitations`, { json: { username: member.username } }],
  ["POST", `/api/flocks/${flockId}/accept`],
  ["POST", `/api/flocks/${flockId}/decline`],
  ["POST", `/api/flocks/${flockId}/leave`],
  ["POST", `/api/flocks/${flockId}/invite-code`],
  ["DELETE", `/api/flocks/${flockId}/members/${member.id}`],
  ["GET", `/api/flock-invites/${inviteCode}`],
  ["POST", `/api/flock-invites/${inviteCode}/accept`],
  ["GET", `/api/flocks/${flockId}/reflections`],
  ["POST", `/api/flocks/${flockId}/reflections`, { json: { body: "Hi" } }],
  ["PATCH", `/api/reflections/${reflectionId}`, { json: { body: "Changed" } }],
  ["DELETE", `/api/reflections/${reflectionId}`],
  ["GET", `/api/reflections/${reflectionId}/comments`],
  ["POST", `/api/reflections/${reflectionId}/comments`, { json: { body: "Hi" } }],
  ["PATCH", `/api/reflection-comments/${reflectionCommentId}`, { json: { body: "Changed" } }],
  ["DELETE", `/api/reflection-comments/${reflectionCommentId}`],
  ["GET", "/api/notifications"],
  ["POST", `/api/notifications/${notificationId}/read`],
  ["POST", "/api/notifications/read-all"],
  ["DELETE", `/api/notifications/${notificationId}`],
  ["GET", "/api/realtime"],
];

function expectRefusal(response: HttpResponse, status: number, label: string): string {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(status);
  const message = response.json().error?.message as string;
  expect(typeof message, label).toBe("string");
  expect(message.length, label).toBeGreaterThan(10);
  return message;
}

describe("sign-in", () => {
  test("every community route answers 401 with a message to sign in, and changes nothing", async () => {
    const anonymous = app.client();
    for (const [method, path, options] of routes()) {
      const response = await anonymous.request(method, path, options);
      expect(expectRefusal(response, 401, `${method} ${path}`)).toBe("Please sign in to continue.");
    }
    // Nothing was changed by those calls.
    expect((await owner.client.get(`/api/pasture/posts/${postId}`)).json().body).toBe(`Hello @${member.username}`);
    expect((await owner.client.get(`/api/flocks/${flockId}`)).json().members).toHaveLength(2);
    expect((await member.client.get("/api/notifications")).json().unread).toBe(1);
  });
});

describe("bad input gets a 4xx a person can act on", () => {
  test("posts and comments", async () => {
    const c = owner.client;
    expect(expectRefusal(await c.post("/api/pasture/posts", {}), 400, "no body")).toBe("body: Your post must be text");
    expect(expectRefusal(await c.post("/api/pasture/posts", { body: 5 }), 400, "number")).toBe("body: Your post must be text");
    expect(expectRefusal(await c.post("/api/pasture/posts", { body: "Hi", mood: "x" }), 400, "unknown field")).toBe(
      "Unknown field: mood",
    );
    const notJson = await c.request("POST", "/api/pasture/posts", {
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(expectRefusal(notJson, 400, "broken JSON")).toBe("The request body is not valid JSON.");
    const text = await c.request("POST", "/api/pasture/posts", { body: "Hi", headers: { "content-type": "text/plain" } });
    expectRefusal(text, 415, "text/plain");
    expect(expectRefusal(await c.get("/api/pasture/posts?kind=sermon"), 400, "feed kind")).toMatch(/^kind: /);
    expect(expectRefusal(await c.get("/api/pasture/posts?sort=old"), 400, "feed field")).toBe("Unknown field: sort");
    // An author that is nobody is an empty page, not an error.
    expect((await c.get("/api/pasture/posts?author=not-a-user")).json()).toEqual({ items: [], next_cursor: null });

    const nothing = await c.patch(`/api/pasture/posts/${postId}`, {});
    expect(expectRefusal(nothing, 400, "empty edit")).toBe("Send the new text (body) or scripture reference (scripture_ref).");
    expect((await c.get(`/api/pasture/posts/${postId}`)).json().edited).toBe(false);
    expect(expectRefusal(await c.patch(`/api/pasture/posts/${postId}`, { body: "" }), 400, "empty body")).toBe(
      "body: Your post cannot be empty",
    );
    expect(expectRefusal(await c.patch(`/api/pasture/comments/${commentId}`, { body: "x".repeat(1001) }), 400, "long")).toBe(
      "body: Your comment must be 1000 characters or less",
    );
    expect(expectRefusal(await c.put(`/api/pasture/posts/${postId}/reactions/like`), 404, "reaction")).toBe(
      "Reactions are praying or encourage.",
    );
    const report = await c.post("/api/reports", { target_type: "photo", target_id: postId, reason: "Spam" });
    expect(expectRefusal(report, 400, "report type")).toBe(
      "target_type: target_type must be post, comment, reflection, reflection_comment, plan_day_comment or series_session_comment",
    );
    const badId = await c.post("/api/reports", { target_type: "post", target_id: "42", reason: "Spam" });
    expect(expectRefusal(badId, 400, "report id")).toBe("target_id: target_id must be an id");
    expect((await c.get("/api/users/search?q=%3Cscript%3E")).json()).toEqual([]);
  });

  test("flocks, reflections and notifications", async () => {
    const c = owner.client;
    expect(expectRefusal(await c.post("/api/flocks", {}), 400, "no name")).toBe("name: The flock's name must be text");
    const long = await c.patch(`/api/flocks/${flockId}`, { description: "x".repeat(301) });
    expect(expectRefusal(long, 400, "description")).toBe("description: The description must be 300 characters or less");
    expect(expectRefusal(await c.post(`/api/flocks/${flockId}/invitations`, {}), 400, "no username")).toBe(
      "username: Give the username to invite",
    );
    const self = await c.post(`/api/flocks/${flockId}/invitations`, { username: owner.username });
    expect(expectRefusal(self, 400, "self")).toBe("You are already in this flock.");
    const already = await c.post(`/api/flocks/${flockId}/invitations`, { username: member.username });
    expect(expectRefusal(already, 409, "member")).toBe(`@${member.username} is already in this flock.`);
    expect(expectRefusal(await c.get("/api/flock-invites/not-a-real-code"), 404, "code")).toBe(
      "This invite link is not valid any more. Ask for a new one.",
    );
    expect(expectRefusal(await c.delete(`/api/flocks/${flockId}/members/${owner.id}`), 400, "remove self")).toBe(
      "To step away from your own flock, leave it.",
    );
    expect(expectRefusal(await c.delete(`/api/flocks/${flockId}/members/nobody`), 404, "remove nobody")).toBe(
      "That member was not found.",
    );
    expect(expectRefusal(await c.post(`/api/flocks/${flockId}/accept`), 404, "accept uninvited")).toBe(
      "That invitation was not found.",
    );
    expect(expectRefusal(await c.get(`/api/flocks/${flockId}/reflections?before=xyz`), 400, "cursor")).toBe(
      "The page cursor is not valid. Start again from the top of the feed.",
    );
    expect(expectRefusal(await c.post(`/api/flocks/${flockId}/reflections`, { body: " " }), 400, "empty")).toBe(
      "body: Your reflection cannot be empty",
    );
    const devotional = await c.post(`/api/flocks/${flockId}/reflections`, { body: "Hi", devotional_id: "today" });
    expect(expectRefusal(devotional, 400, "devotional id")).toMatch(/^devotional_id: /);
    const prompt = await c.post(`/api/flocks/${flockId}/reflections`, { body: "Hi", prompt: "x".repeat(301) });
    expect(expectRefusal(prompt, 400, "prompt")).toBe("prompt: The prompt must be 300 characters or less");
    expect(expectRefusal(await c.patch(`/api/reflection-comments/${reflectionCommentId}`, {}), 400, "no body")).toBe(
      "body: Your comment must be text",
    );
    // A notification id that is not an id at all is simply not found.
    expect((await member.client.post("/api/notifications/42/read")).status).toBe(404);
    expect((await member.client.delete("/api/notifications/not-an-id")).status).toBe(404);
    const unknown = await member.client.post("/api/notifications/00000000-0000-4000-8000-000000000000/read");
    expect(expectRefusal(unknown, 404, "unknown notification")).toBe("That notification was not found.");
  });
});
