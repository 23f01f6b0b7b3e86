import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signIn, signUp } from "./helpers/auth";

const LIMIT = 3;
let app: TestApp;

beforeAll(async () => {
  // A window far longer than the test, so the bucket cannot empty half way.
  app = await startTestApp({ env: { RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_AUTH_WINDOW_SECONDS: "600" } });
});
afterAll(async () => {
  await app?.close();
});

describe("sign-in rate limit per client address", () => {
  test("after the limit 127.0.0.1 gets 429 while a client on 127.0.0.2 still gets a normal answer", async () => {
    const user = await signUp(app.client());
    const wrong = { email: user.email, password: `${user.password}-wrong` };

    const first = app.client(); // connects from 127.0.0.1
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn(first, wrong)).status).toBe(401);
    }
    const limited = await signIn(first, wrong);
    expect(limited.status).toBe(429);
    expect(limited.json().message).toMatch(/too many requests/i);
    expect(Number(limited.headers["x-retry-after"])).toBeGreaterThan(0);
    // Even the right password waits: the bucket counts attempts, not failures.
    expect((await signIn(first, user)).status).toBe(429);

    // The client cannot escape its bucket by claiming another address.
    for (const header of ["x-shepherd-client-ip", "x-forwarded-for", "x-real-ip"]) {
      const spoofed = await first.post("/api/auth/sign-in/email", wrong, { headers: { [header]: "203.0.113.9" } });
      expect(spoofed.status, header).toBe(429);
    }

    const second = app.client({ localAddress: "127.0.0.2" });
    const other = await signIn(second, wrong);
    expect(other.status).toBe(401);
    expect(other.json().message).toBe("Invalid login credentials");
    const ok = await signIn(second, user);
    expect(ok.status).toBe(200);
    expect((await second.get("/api/me")).json().user.id).toBe(user.id);
    // The session records where it came from.
    const sessions = (await second.get("/api/auth/list-sessions")).json() as { ipAddress: string | null }[];
    expect(sessions.map((s) => s.ipAddress)).toContain("127.0.0.2");
  });

  test("sign-up is limited the same way", async () => {
    const client = app.client({ localAddress: "127.0.0.3" });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const response = await client.post("/api/auth/sign-up/email", {
        email: `rl-${i}-${Date.now()}@example.com`,
        password: "Long-enough-1",
        name: "Rate Limited",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    const elsewhere = app.client({ localAddress: "127.0.0.4" });
    expect(
      (
        await elsewhere.post("/api/auth/sign-up/email", {
          email: `rl-x-${Date.now()}@example.com`,
          password: "Long-enough-1",
          name: "Not Limited",
        })
      ).status,
    ).toBe(200);
  });
});
