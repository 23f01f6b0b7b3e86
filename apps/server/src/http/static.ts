import fs from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import zlib from "node:zlib";

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
  const out: Record<string, string> = { ...headers, vary: headers.vary ? `${headers.vary}, accept-encoding` : "accept-encoding" };
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

function send(c: Context, file: StaticFile, extra: Record<string, string> = {}): Response {
  return sendEncoded(c, file, {
    "content-type": file.type,
    etag: file.etag,
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ...extra,
  });
}

/**
 * What a page's navigation may tell the app before it asks anything (apps/web/src/lib/signed-in-hint.ts): that the
 * browser's session cookie is a member's, and whether he finished onboarding. A hint, not a credential: every answer the
 * app then asks for is still decided by the cookie.
 */
export type MemberHint = "signed-in" | "onboarded";

/** The page for a signed-in member, per hint; at / for one who finished onboarding, with Today's code preloaded. */
interface MemberPages {
  "signed-in": StaticFile;
  onboarded: StaticFile;
  today: StaticFile;
}

/** The static `import` specifiers of a built chunk ("./x.js"), as the bundler writes them at its top. */
export function chunkImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+)["']/g)) {
    found.push(match[1]!);
  }
  return found;
}

/** Today's page chunk and what it imports statically, as /assets/ paths (the bundle names it today-page-<hash>.js). */
function todayChunks(files: Map<string, StaticFile>): string[] {
  const page = [...files.keys()].find((name) => /^\/assets\/today-page-[\w-]+\.js$/.test(name));
  if (!page) return [];
  const found = new Set<string>();
  const queue = [page];
  while (queue.length) {
    const name = queue.pop()!;
    const file = files.get(name);
    if (found.has(name) || !file) continue;
    found.add(name);
    for (const spec of chunkImports(file.body.toString("utf8"))) queue.push(path.posix.join(path.posix.dirname(name), spec));
  }
  return [...found];
}

function htmlPage(html: string): StaticFile {
  const body = Buffer.from(html);
  return {
    body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    type: TYPES[".html"]!,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    immutable: false,
  };
}

/** What a signed-in member's cold load asks first, together (apps/web/src/lib/session.ts: the session and the profile). */
const MEMBER_FIRST_ASKS = ["/api/auth/get-session", "/api/me"];

/**
 * The member's versions of index.html (a few, the same for every member: no one's data is in them). With the hint, a
 * cold load asks for the session and the profile together, and at / for Today's screen and code at once, instead of one
 * after the other (issue 14: a first visit's largest paint); the browser starts those requests while it reads the page
 * (preload), beside the app's code instead of after it has arrived and run, and at / also fetches Today's code beside
 * the entry's (modulepreload).
 */
function memberPages(files: Map<string, StaticFile>, index: StaticFile): MemberPages {
  const html = index.body.toString("utf8");
  const withHead = (extra: string) => htmlPage(html.replace("</head>", `${extra}</head>`));
  const meta = (hint: MemberHint) => `<meta name="shepherd-member" content="${hint}" />`;
  const preloads = todayChunks(files)
    .filter((name) => !html.includes(`"${name}"`))
    .map((name) => `<link rel="modulepreload" crossorigin href="${name}" />`)
    .join("");
  // The answers the app asks for first, asked by the browser as it reads the page rather than after the app's code has
  // arrived and run; the app's own fetch of the same address (same mode and credentials) takes the preloaded answer.
  const asks = (paths: string[]) => paths.map((p) => `<link rel="preload" as="fetch" crossorigin href="${p}" />`).join("");
  const signedIn = asks(MEMBER_FIRST_ASKS);
  return {
    "signed-in": withHead(meta("signed-in") + signedIn),
    onboarded: withHead(meta("onboarded") + signedIn),
    today: withHead(meta("onboarded") + preloads + asks([...MEMBER_FIRST_ASKS, "/api/today"])),
  };
}

/** A page navigation by the browser (not a script's fetch, nor the service worker's precache of /index.html). */
const isNavigation = (c: Context) => c.req.header("sec-fetch-dest") === "document";

export function serveWebApp(
  root: string,
  options: { memberHint?: (c: Context) => Promise<MemberHint | null> } = {},
): MiddlewareHandler {
  const files = loadStaticSite(root);
  const index = files.get("/index.html");
  if (!index) throw new Error(`The web app is not built: ${root}/index.html is missing. Run "npm run build".`);
  const pages = memberPages(files, index);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const file = files.get(c.req.path);
    if (file && c.req.path !== "/index.html") return send(c, file);
    if (c.req.path.startsWith("/assets/")) return c.text("Not found", 404);
    // Every other path is a route of the single-page app; it renders its own not-found page.
    const hint = options.memberHint && c.req.path !== "/index.html" && isNavigation(c) ? await options.memberHint(c) : null;
    if (!hint) return send(c, index);
    const page = hint === "onboarded" && c.req.path === "/" ? pages.today : pages[hint];
    return send(c, page, { "cache-control": "private, no-cache", vary: "cookie" });
  };
}
