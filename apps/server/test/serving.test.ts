import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chunkImports } from "../src/http/static";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

/** A small built web app, shaped like Vite's output: index.html plus hashed assets with .gz and .br beside them. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><title>Shepherd</title><script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head><body><div id="root"></div></body></html>',
  );
  // Today's page chunk, as the bundler writes it: importing one chunk the entry preloads already and one of its own.
  fs.writeFileSync(path.join(dir, "assets/react-r1.js"), "export const a=1;");
  fs.writeFileSync(path.join(dir, "assets/today-shared-s1.js"), 'import"./react-r1.js";export const b=2;');
  fs.writeFileSync(
    path.join(dir, "assets/today-page-t1.js"),
    'import{a as e}from"./react-r1.js";import{b as t}from"./today-shared-s1.js";export const c=e+t;',
  );
  const js = `console.log(${JSON.stringify("x".repeat(2000))});`;
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js"), js);
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js.gz"), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js.br"), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

let app: TestApp;
let web: string;

beforeAll(async () => {
  web = fakeWebDist();
  app = await startTestApp({ env: { WEB_DIST: web } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe("serving the web app", () => {
  test("index.html is never cached and carries the security headers", async () => {
    const response = await app.client().get("/");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined(); // plain http here
    expect(response.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
  });

  test("every app route answers index.html, so the app can render it or its not-found page", async () => {
    for (const route of ["/auth", "/onboarding/focus", "/pasture/gathering/room-1/join", "/no/such/page"]) {
      const response = await app.client().get(route);
      expect(response.status, route).toBe(200);
      expect(response.text, route).toContain('<div id="root">');
    }
  });

  test("hashed assets are cached for a year and sent precompressed", async () => {
    const client = app.client();
    const br = await client.get("/assets/app-abc123.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.status).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("text/javascript");
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("console.log");

    const gzip = await client.get("/assets/app-abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toContain("console.log");

    const plain = await client.get("/assets/app-abc123.js", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toContain("console.log");

    const again = await client.get("/assets/app-abc123.js", { headers: { "if-none-match": br.headers.etag as string } });
    expect(again.status).toBe(304);
  });

  test("a missing asset is a 404, not the app", async () => {
    const response = await app.client().get("/assets/gone-999.js");
    expect(response.status).toBe(404);
  });

  test("API answers are not cached and unknown API routes are JSON 404s", async () => {
    const health = await app.client().get("/api/health");
    expect(health.headers["cache-control"]).toBe("no-store");
    const missing = await app.client().get("/api/nope");
    expect(missing.status).toBe(404);
    expect(missing.json().error.message).toBe("There is no such API route.");
  });
});

describe("a member's page (issue 14: his first visit asks for what it needs at once)", () => {
  const navigation = { "sec-fetch-dest": "document" };
  const hintIn = (html: string) => /<meta name="shepherd-member" content="([\w-]+)"/.exec(html)?.[1] ?? null;
  const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  const asks = (html: string) => [...html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  async function onboardedMember(): Promise<TestClient> {
    const client = app.client();
    await signUp(client);
    await client.patch("/api/profile", {
      focus: ["prayer"],
      username: `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    });
    expect((await client.post("/api/onboarding/complete")).status).toBe(200);
    return client;
  }

  test("at / a member who finished onboarding is told so, and his browser fetches Today's code beside the entry's", async () => {
    const client = await onboardedMember();
    const visitor = await app.client().get("/", { headers: navigation });
    const page = await client.get("/", { headers: navigation });
    expect(page.status).toBe(200);
    expect(hintIn(page.text)).toBe("onboarded");
    expect(preloads(page.text)).toEqual(["/assets/react-r1.js", "/assets/today-page-t1.js", "/assets/today-shared-s1.js"]);
    // His browser asks for the session, his profile and Today's screen as it reads the page; a visitor's asks nothing.
    expect(asks(page.text)).toEqual(["/api/auth/get-session", "/api/me", "/api/today"]);
    expect(asks(visitor.text)).toEqual([]);
    // The same page otherwise, never kept by a shared cache, and never answered 304 with the visitor's copy.
    expect(
      page.text.replace(
        /<meta name="shepherd-member"[^>]*>|<link rel="modulepreload"[^>]*today-[^>]*>|<link rel="preload"[^>]*>/g,
        "",
      ),
    ).toBe(visitor.text);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers.vary).toContain("cookie");
    expect(page.headers.etag).not.toBe(visitor.headers.etag);
    const revalidated = await client.get("/", { headers: { ...navigation, "if-none-match": visitor.headers.etag as string } });
    expect(revalidated.status).toBe(200);
    expect(hintIn(revalidated.text)).toBe("onboarded");
    expect((await client.get("/", { headers: { ...navigation, "if-none-match": page.headers.etag as string } })).status).toBe(
      304,
    );
  });

  test("on another route he is told he finished onboarding, without Today's code", async () => {
    const client = await onboardedMember();
    const page = await client.get("/path", { headers: navigation });
    expect(hintIn(page.text)).toBe("onboarded");
    expect(preloads(page.text)).toEqual(["/assets/react-r1.js"]);
    expect(asks(page.text)).toEqual(["/api/auth/get-session", "/api/me"]);
  });

  test("a member still in onboarding is told only that he is signed in", async () => {
    const client = app.client();
    await signUp(client);
    const page = await client.get("/", { headers: navigation });
    expect(hintIn(page.text)).toBe("signed-in");
    expect(preloads(page.text)).toEqual(["/assets/react-r1.js"]);
  });

  test("a visitor, a forged or ended session, a script's fetch and the worker's copy of /index.html carry no hint", async () => {
    const client = await onboardedMember();
    const plain = async (response: { text: string; headers: Record<string, unknown> }) => {
      expect(hintIn(response.text)).toBeNull();
      expect(asks(response.text)).toEqual([]);
      expect(response.headers["cache-control"]).toBe("no-cache");
    };
    await plain(await app.client().get("/", { headers: navigation }));
    await plain(await app.client().get("/", { headers: { ...navigation, cookie: "shepherd.session_token=forged.value" } }));
    // Not a navigation: what a script or the service worker fetches may be kept and shown to whoever is signed in later.
    await plain(await client.get("/"));
    await plain(await client.get("/index.html", { headers: navigation }));
    await plain(await client.get("/index.html"));
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    await plain(await client.get("/", { headers: navigation }));
  });

  test("a chunk's static imports are read as the bundler writes them", () => {
    expect(
      chunkImports(
        'import{a as e,b as t}from"./x-1.js";import"./y-2.js";import*as n from"./z-3.js";const i="import(\'./no.js\')";',
      ),
    ).toEqual(["./x-1.js", "./y-2.js", "./z-3.js"]);
    expect(chunkImports('const a=()=>import("./lazy.js");')).toEqual([]);
  });
});

describe("over https", () => {
  test("HSTS is sent when the public address is https", async () => {
    const secure = await startTestApp({ env: { WEB_DIST: web, PUBLIC_URL: "https://shepherd.example.com" } });
    try {
      const response = await secure.client().get("/");
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await secure.close();
    }
  });
});
