import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";

/** A small built web app, shaped like Vite's output: index.html plus hashed assets with .gz and .br beside them. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>',
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
