import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

let app: TestApp;
let client: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  client = app.client();
  await signUp(client, { name: "Origin Checker" });
});
afterAll(async () => {
  await app?.close();
});

describe("cookie requests that change something must come from our own origin", () => {
  test("a PATCH from another site is refused and changes nothing", async () => {
    const evil = await client.patch("/api/profile", { display_name: "Hijacked" }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.json().error.message).toBe("This request did not come from Shepherd. Reload the page and try again.");
    const missing = await client.patch("/api/profile", { display_name: "Hijacked" }, { origin: null });
    expect(missing.status).toBe(403);
    expect((await client.get("/api/me")).json().profile.display_name).toBe("Origin Checker");
  });

  test("the same PATCH from our origin works, and reads need no Origin", async () => {
    const ok = await client.patch("/api/profile", { display_name: "Origin Keeper" });
    expect(ok.status).toBe(200);
    const read = await client.get("/api/me", { origin: null });
    expect(read.status).toBe(200);
    expect(read.json().profile.display_name).toBe("Origin Keeper");
  });

  test("a sign-up with a one-letter name gets the spec's message", async () => {
    const other = app.client();
    const response = await other.post("/api/auth/sign-up/email", {
      email: "one-letter@example.com",
      password: "long-enough-1",
      name: "J",
    });
    expect(response.status).toBe(400);
    expect(response.json().message).toBe("Name must be at least 2 characters");
  });
});
