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

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
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

function send(c: Context, file: StaticFile): Response {
  const headers: Record<string, string> = {
    "content-type": file.type,
    etag: file.etag,
    vary: "accept-encoding",
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (c.req.header("if-none-match") === file.etag) return c.body(null, 304, headers);
  const accept = c.req.header("accept-encoding") ?? "";
  let body = file.body;
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br;
    headers["content-encoding"] = "br";
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers["content-encoding"] = "gzip";
  }
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
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
