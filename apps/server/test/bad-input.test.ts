import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { JSON_BODY_LIMIT_BYTES } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp, uniqueEmail, type SignedUpUser } from "./helpers/auth";
import type { HttpResponse, TestClient } from "./helpers/http-client";

let app: TestApp;
let client: TestClient;
let user: SignedUpUser;

beforeAll(async () => {
  app = await startTestApp();
  client = app.client();
  user = await signUp(client, { name: "Careful Tester" });
});
afterAll(async () => {
  await app?.close();
});

const JSON_TYPE = { "content-type": "application/json" };
/** Valid JSON, one byte over the limit once wrapped with the route's valid fields. */
const padding = "x".repeat(JSON_BODY_LIMIT_BYTES + 1);

/** Every refusal is a 4xx JSON answer with a message a person can read, never a 500. */
function expectClearRefusal(response: HttpResponse, status: number, label: string): string {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.headers["content-type"], label).toMatch(/application\/json/);
  const body = response.json();
  const message = (body.error?.message ?? body.message) as string;
  expect(typeof message, label).toBe("string");
  expect(message.length, label).toBeGreaterThan(5);
  return message;
}

interface OurRoute {
  method: string;
  path: string;
  valid: Record<string, unknown>;
  wrongTypes: Record<string, unknown>;
  /** The field the wrong-type message must name. */
  field: string;
}

const ourRoutes = (): OurRoute[] => [
  {
    method: "PATCH",
    path: "/api/profile",
    valid: { display_name: "Valid Name" },
    wrongTypes: { display_name: 42 },
    field: "display_name",
  },
  {
    method: "POST",
    path: "/api/functions/track-user-activity",
    valid: { action_type: "page_view" },
    wrongTypes: { action_type: ["page_view"] },
    field: "action_type",
  },
  {
    method: "POST",
    path: "/api/functions/send-welcome-email",
    valid: { email: user.email, displayName: "Careful" },
    wrongTypes: { email: user.email, displayName: { first: "Careful" } },
    field: "displayName",
  },
  {
    method: "POST",
    path: "/api/error-reports",
    valid: { message: "boom" },
    wrongTypes: { message: { text: "boom" } },
    field: "message",
  },
  // Never sent valid: that would delete the account.
  { method: "DELETE", path: "/api/account", valid: { confirm: "DELETE" }, wrongTypes: { confirm: true }, field: "confirm" },
];

describe("our JSON routes refuse bad bodies with a clear 4xx", () => {
  test.each([
    "PATCH /api/profile",
    "POST /api/functions/track-user-activity",
    "POST /api/functions/send-welcome-email",
    "POST /api/error-reports",
    "DELETE /api/account",
  ])("%s", async (name) => {
    const route = ourRoutes().find((r) => `${r.method} ${r.path}` === name)!;
    const send = (body: string, headers: Record<string, string> = JSON_TYPE) =>
      client.request(route.method, route.path, { body, headers });

    expect(expectClearRefusal(await send('{"display_name":'), 400, "malformed")).toBe("The request body is not valid JSON.");
    expect(expectClearRefusal(await send(""), 400, "empty")).toBe("The request body is not valid JSON.");
    for (const notObject of ["[]", "null", '"text"', "42"]) {
      expect(expectClearRefusal(await send(notObject), 400, notObject)).toMatch(/expected object/);
    }
    expect(expectClearRefusal(await send(JSON.stringify(route.wrongTypes)), 400, "wrong types")).toContain(route.field);
    expect(expectClearRefusal(await send(JSON.stringify({ ...route.valid, is_admin: true })), 400, "unknown field")).toBe(
      "Unknown field: is_admin",
    );
    expect(expectClearRefusal(await send('{"__proto__":{"polluted":true}}'), 400, "__proto__")).toBeTruthy();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const big = JSON.stringify({ ...route.valid, padding });
    expect(expectClearRefusal(await send(big), 413, "oversized")).toBe("The request body must be 64 KB or smaller.");
    expect(expectClearRefusal(await send(big, { ...JSON_TYPE, "transfer-encoding": "chunked" }), 413, "oversized, chunked")).toBe(
      "The request body must be 64 KB or smaller.",
    );

    const json = "Send the request body as JSON (Content-Type: application/json).";
    expect(expectClearRefusal(await send(JSON.stringify(route.valid), { "content-type": "text/plain" }), 415, "text/plain")).toBe(
      json,
    );
    expect(expectClearRefusal(await send(JSON.stringify(route.valid), {}), 415, "no content-type")).toBe(json);
    expect(
      expectClearRefusal(
        await send("display_name=Valid+Name", { "content-type": "application/x-www-form-urlencoded" }),
        415,
        "form",
      ),
    ).toBe(json);

    // None of it changed anything.
    expect((await client.get("/api/me")).json().profile.display_name).toBe("Careful Tester");
    expect(await app.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.userId, user.id))).toEqual([]);
  });

  test("a charset in the JSON content type is fine", async () => {
    const response = await client.request("POST", "/api/error-reports", {
      body: JSON.stringify({ message: "with charset" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.status).toBe(201);
  });

  test("query strings are checked as strictly", async () => {
    const unknown = await client.get("/api/profile/username-availability?username=someone&admin=1");
    expect(expectClearRefusal(unknown, 400, "unknown query field")).toBe("Unknown field: admin");
    const long = await client.get(`/api/profile/username-availability?username=${"a".repeat(101)}`);
    expectClearRefusal(long, 400, "long username");
  });

  test("a page cursor of the right shape but naming no real moment is a 400 on every paged list", async () => {
    const client = app.client();
    await signUp(client);
    const flock = (await client.post("/api/flocks", { name: "Cursor Flock" })).json();
    const cursor = (createdAt: string, id = "2f1b7c1e-8a9d-4e3b-9c55-0a1b2c3d4e5f") =>
      Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
    const lists = ["/api/journal", "/api/whispers", "/api/pasture/posts", `/api/flocks/${flock.id}/reflections`];
    for (const list of lists) {
      for (const before of [
        cursor("2026-02-30 08:00:00.000000+00"),
        cursor("2026-11-22 25:00:00+00"),
        cursor("2026-11-22 08:00:00+00", "not-a-uuid"),
      ]) {
        const response = await client.get(`${list}?before=${before}`);
        expect(response.status, `${list} with ${Buffer.from(before, "base64url").toString()}`).toBe(400);
        expect(response.json().error.message).toMatch(/Start again/);
      }
      const fine = await client.get(`${list}?before=${cursor("2026-11-22 08:00:00.123456+00")}`);
      expect(fine.status, list).toBe(200);
    }
  });

  test("unknown API routes and methods answer 404 in JSON", async () => {
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/profile"],
      ["PUT", "/api/me"],
      ["PATCH", "/api/auth/sign-in/email"],
    ] as const) {
      const response = await client.request(method, path, { json: {} });
      expect(expectClearRefusal(response, 404, `${method} ${path}`)).toBe("There is no such API route.");
    }
  });
});

describe("auth routes refuse bad bodies with a clear 4xx", () => {
  const authRoutes = [
    { path: "/api/auth/sign-up/email", signedIn: false, wrongTypes: { email: 1, password: 2, name: 3 }, field: "email" },
    { path: "/api/auth/sign-in/email", signedIn: false, wrongTypes: { email: ["a"], password: true }, field: "email" },
    { path: "/api/auth/request-password-reset", signedIn: false, wrongTypes: { email: 5 }, field: "email" },
    { path: "/api/auth/reset-password", signedIn: false, wrongTypes: { newPassword: 5, token: 6 }, field: "newPassword" },
    { path: "/api/auth/two-factor/verify-totp", signedIn: false, wrongTypes: { code: 123456 }, field: "code" },
    { path: "/api/auth/two-factor/enable", signedIn: true, wrongTypes: { password: 5 }, field: "password" },
    { path: "/api/auth/two-factor/disable", signedIn: true, wrongTypes: { password: 5 }, field: "password" },
    {
      path: "/api/auth/change-password",
      signedIn: true,
      wrongTypes: { currentPassword: 1, newPassword: 2 },
      field: "newPassword",
    },
    { path: "/api/auth/revoke-session", signedIn: true, wrongTypes: { token: 5 }, field: "token" },
  ];

  test.each(authRoutes.map((r, i) => [r.path, i] as const))("%s", async (_path, index) => {
    const route = authRoutes[index]!;
    let attempt = 0;
    // Some auth paths allow only 3 calls per 10 s from one address: give each call its own loopback address.
    const send = async (body: string, headers: Record<string, string> = JSON_TYPE) => {
      attempt += 1;
      const from = app.client({ localAddress: `127.0.${10 + index}.${attempt}` });
      if (route.signedIn) for (const [name, value] of client.cookies) from.cookies.set(name, value);
      return from.request("POST", route.path, { body, headers });
    };

    expect(expectClearRefusal(await send('{"email":'), 400, "malformed")).toMatch(/invalid json/i);
    for (const notObject of ["[]", "null", '"text"']) {
      expect(expectClearRefusal(await send(notObject), 400, notObject)).toMatch(/expected object/);
    }
    expect(expectClearRefusal(await send(JSON.stringify(route.wrongTypes)), 400, "wrong types")).toContain(route.field);
    expect(expectClearRefusal(await send(JSON.stringify({ padding })), 413, "oversized")).toBe(
      "The request body must be 64 KB or smaller.",
    );
    expect(expectClearRefusal(await send("{}", { "content-type": "text/plain" }), 415, "text/plain")).toMatch(/Content-Type/);
    expect(expectClearRefusal(await send("{}", {}), 415, "no content-type")).toMatch(/Content-Type/);
    expect(expectClearRefusal(await send("<a/>", { "content-type": "application/xml" }), 415, "xml")).toMatch(/Content-Type/);
  });

  test("fields a person may not set at sign-up are refused or ignored", async () => {
    const refused = await app.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "Long-enough-1",
      name: "Would Be Admin",
      role: "admin",
    });
    expect(expectClearRefusal(refused, 400, "role")).toBe("role is not allowed to be set");

    const email = uniqueEmail("extras");
    const response = await app.client().post("/api/auth/sign-up/email", {
      email,
      password: "Long-enough-1",
      name: "Extra Fields",
      id: "chosen-id",
      emailVerified: true,
      twoFactorEnabled: true,
      banned: true,
      unknown_field: "x",
    });
    expect(response.status).toBe(200);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(row).toMatchObject({ emailVerified: false, twoFactorEnabled: false, banned: false, role: "user" });
    expect(row!.id).not.toBe("chosen-id");
  });
});
