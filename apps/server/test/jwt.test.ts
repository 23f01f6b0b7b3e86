import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import { TestClient } from "./helpers/http-client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Changes one character in the middle of the signature (the last one may only carry padding bits). */
function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const i = Math.floor(signature.length / 2);
  const swapped = signature[i] === "A" ? "B" : "A";
  return `${header}.${payload}.${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
}

async function tokenFor(client: TestClient): Promise<string> {
  const response = await client.get("/api/auth/token");
  expect(response.status).toBe(200);
  const { token } = response.json() as { token: string };
  expect(token.split(".")).toHaveLength(3);
  return token;
}

describe("JWT access tokens", () => {
  test("a token from /api/auth/token works as Bearer on /api; it is signed by a key in the JWKS", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Levi Stone" });
    const token = await tokenFor(client);

    const bearer = new TestClient(app.url, { origin: null });
    const me = await bearer.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, email: user.email, name: "Levi Stone" });
    // Writes work with the token too, without a cookie and without Origin.
    const patched = await bearer.patch(
      "/api/profile",
      { display_name: "Levi S." },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(patched.status).toBe(200);
    expect(patched.json().display_name).toBe("Levi S.");

    const jwks = await new TestClient(app.url).get("/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    expect(jwks.headers["content-type"]).toMatch(/application\/json/);
    const set = jwks.json() as JSONWebKeySet;
    const { kid, alg } = decodeProtectedHeader(token);
    const key = set.keys.find((k) => k.kid === kid);
    expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(alg).toBe("EdDSA");
    // Only public halves are published.
    for (const k of set.keys) expect(k).not.toHaveProperty("d");

    // Anyone holding the JWKS can check the token independently of our server code.
    const { payload } = await jwtVerify(token, createLocalJWKSet(set), { issuer: "shepherd", audience: "shepherd" });
    expect(payload.sub).toBe(user.id);
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
  });

  test("a token whose signature was changed is refused with 'Invalid JWT signature'", async () => {
    const client = app.client();
    await signUp(client);
    const token = await tokenFor(client);
    const forged = tamperSignature(token);
    expect(forged).not.toBe(token);

    const response = await new TestClient(app.url).get("/api/me", { headers: { authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid JWT signature" } });
  });

  test("a token whose payload was swapped for another user's is refused", async () => {
    const a = app.client();
    const b = app.client();
    await signUp(a);
    const userB = await signUp(b);
    const [header, , signature] = (await tokenFor(a)).split(".") as [string, string, string];
    const payloadB = (await tokenFor(b)).split(".")[1]!;
    const spliced = `${header}.${payloadB}.${signature}`;
    const response = await new TestClient(app.url).get("/api/me", { headers: { authorization: `Bearer ${spliced}` } });
    expect(response.status).toBe(401);
    expect(response.json().error.message).toBe("Invalid JWT signature");
    expect(response.text).not.toContain(userB.email);
  });

  test("garbage and missing tokens give 401, never 500", async () => {
    for (const value of ["Bearer not.a.jwt", "Bearer ", "Bearer abc", "Bearer a.b.c.d"]) {
      const response = await new TestClient(app.url).get("/api/me", { headers: { authorization: value } });
      expect(response.status, value).toBe(401);
      expect(response.json().error.code).toBe("UNAUTHORIZED");
    }
    expect((await new TestClient(app.url).get("/api/auth/token")).status).toBe(401);
  });
});
