import fs from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

interface StaticFile extends EncodedBody {
  type: string;
  etag: string;
  immutable: boolean;
}

/**
 * Serves the built web app from memory. Vite's hashed files under /assets are cached for a year as immutable;
 * index.html is never cached. Precompressed .br/.gz files written at build time are sent when the browser accepts them.
 */
export function loadStaticSite(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (entry.name.endsWith(".gz") || entry.name.endsWith(".br")) continue;
      const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
      const body = fs.readFileSync(full);
      const read = (suffix: string) => (fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : undefined);
      files.set(urlPath, {
        body,
        gzip: read(".gz"),
        br: read(".br"),
        type: TYPES[path.extname(entry.name)] ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
        immutable: urlPath.startsWith("/assets/"),
      });
    }
  };
  walk(root);
  return files;
}

/** A body in its plain form and, where made, brotli and gzip forms. */
export interface EncodedBody {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Answers an encoded body with `headers` (which carry its ETag): 304 when the browser already has it, otherwise the
 * brotli or gzip form when the browser accepts one, else the plain body.
 */
export function sendEncoded(c: Context, content: EncodedBody, headers: Record<string, string> & { etag: string }): Response {
  const out: Record<string, string> = { ...headers, vary: "accept-encoding" };
  if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, out);
  const accept = c.req.header("accept-encoding") ?? "";
  let body = content.body;
  if (content.br && /\bbr\b/.test(accept)) {
    body = content.br;
    out["content-encoding"] = "br";
  } else if (content.gzip && /\bgzip\b/.test(accept)) {
    body = content.gzip;
    out["content-encoding"] = "gzip";
  }
  if (c.req.method === "HEAD") return c.body(null, 200, out);
  return c.body(new Uint8Array(body), 200, out);
}

function send(c: Context, file: StaticFile): Response {
  return sendEncoded(c, file, {
    "content-type": file.type,
    etag: file.etag,
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
}

export function serveWebApp(root: string): MiddlewareHandler {
  const files = loadStaticSite(root);
  const index = files.get("/index.html");
  if (!index) throw new Error(`The web app is not built: ${root}/index.html is missing. Run "npm run build".`);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const file = files.get(c.req.path);
    if (file && c.req.path !== "/index.html") return send(c, file);
    if (c.req.path.startsWith("/assets/")) return c.text("Not found", 404);
    // Every other path is a route of the single-page app; it renders its own not-found page.
    return send(c, index);
  };
}
