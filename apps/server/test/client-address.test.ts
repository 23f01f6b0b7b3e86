import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signIn, signUp } from "./helpers/auth";

const LIMIT = 3;

/**
 * Issue 39, "Who is asking". The test client stands where the load balancer would: it connects from 127.0.0.1 and
 * sends X-Forwarded-For as a proxy does, the client's own header with the address the proxy saw appended.
 */
describe.each([
  { TRUST_PROXY: "true", proxyHops: [] as string[] },
  { TRUST_PROXY: "2", proxyHops: ["10.0.0.1"] },
  { TRUST_PROXY: "127.0.0.0/8, 10.0.0.0/8", proxyHops: ["10.0.0.1", "127.0.0.5"] },
])("behind proxies (TRUST_PROXY=$TRUST_PROXY)", ({ TRUST_PROXY, proxyHops }) => {
  let app: TestApp;
  /** X-Forwarded-For as it reaches the server: what the client wrote, the address the outer proxy saw, inner proxies. */
  const forwarded = (written: string[], realClient: string) => ({
    "x-forwarded-for": [...written, realClient, ...proxyHops].join(", "),
  });

  beforeAll(async () => {
    app = await startTestApp({
      env: { TRUST_PROXY, RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_AUTH_WINDOW_SECONDS: "600" },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  test("made-up leftmost X-Forwarded-For entries do not get around the sign-in limit; real clients count apart", async () => {
    const user = await signUp(app.client({ localAddress: "127.0.0.9" }));
    const wrong = { email: user.email, password: `${user.password}-wrong` };
    const proxy = app.client();

    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const madeUp = [`198.51.100.${i + 1}`, `203.0.113.${200 + i}`];
      const response = await proxy.post("/api/auth/sign-in/email", wrong, { headers: forwarded(madeUp, "203.0.113.50") });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(14 - LIMIT).fill(429)]);

    // Another member behind the same proxy is counted on his own address, and his session records it.
    const other = app.client();
    const otherHeaders = { headers: forwarded(["203.0.113.50"], "203.0.113.51") };
    expect((await other.post("/api/auth/sign-in/email", wrong, otherHeaders)).status).toBe(401);
    const ok = await other.post("/api/auth/sign-in/email", { email: user.email, password: user.password }, otherHeaders);
    expect(ok.status).toBe(200);
    const sessions = (await other.get("/api/auth/list-sessions", otherHeaders)).json() as { ipAddress: string | null }[];
    expect(sessions.map((s) => s.ipAddress)).toContain("203.0.113.51");
    expect(sessions.map((s) => s.ipAddress)).not.toContain("203.0.113.50");
  });

  test("without X-Forwarded-For the connection's own address is the client", async () => {
    const client = app.client({ localAddress: "127.0.0.7" });
    const user = await signUp(app.client({ localAddress: "127.0.0.8" }));
    expect((await signIn(client, user)).status).toBe(200);
    const sessions = (await client.get("/api/auth/list-sessions")).json() as { ipAddress: string | null }[];
    expect(sessions.map((s) => s.ipAddress)).toContain("127.0.0.7");
  });
});

describe("a connection that does not come from a listed proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: "10.0.0.0/8", RATE_LIMIT_AUTH_MAX: String(LIMIT) } });
  });
  afterAll(async () => {
    await app?.close();
  });

  test("is counted on its own address whatever X-Forwarded-For it sends", async () => {
    const user = await signUp(app.client({ localAddress: "127.0.0.9" }));
    const wrong = { email: user.email, password: `${user.password}-wrong` };
    const client = app.client();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const headers = { "x-forwarded-for": `203.0.113.${i + 1}` };
      statuses.push((await client.post("/api/auth/sign-in/email", wrong, { headers })).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
