// The baseline for the HTTP benchmark: a bare node:http server that answers the same JSON bodies as Shepherd,
// with no framework, middleware, session lookup or database. Listens on 127.0.0.1:PORT.
// BENCH_ME_BODY, BENCH_TODAY_BODY and BENCH_FEED_BODY are the exact JSON bodies captured from the real server.
import fs from "node:fs";
import http from "node:http";

const port = Number(process.env.PORT);
const health = Buffer.from(JSON.stringify({ status: "ok" }));
const me = Buffer.from(process.env.BENCH_ME_BODY ?? "{}");
const today = Buffer.from(process.env.BENCH_TODAY_BODY ?? "{}");
const feed = Buffer.from(process.env.BENCH_FEED_BODY ?? "{}");
const chapter = Buffer.from(process.env.BENCH_CHAPTER_BODY ?? "{}");
const bodies = {
  "/api/health": health,
  "/api/me": me,
  "/api/devotionals/today": today,
  "/api/pasture/posts": feed,
  "/api/word/chapters/web/John/3": chapter,
};
// BENCH_BODIES_FILE (bench/word.mjs): { key: { path, encoding, body (base64) } }, chosen by the x-bench-key header.
const keyed = process.env.BENCH_BODIES_FILE ? JSON.parse(fs.readFileSync(process.env.BENCH_BODIES_FILE, "utf8")) : {};
for (const entry of Object.values(keyed)) entry.bytes = Buffer.from(entry.body, "base64");

const server = http.createServer((req, res) => {
  const entry = keyed[req.headers["x-bench-key"]];
  if (entry) {
    const headers = { "content-type": "application/json", "content-length": entry.bytes.length };
    if (entry.encoding) headers["content-encoding"] = entry.encoding;
    res.writeHead(200, headers);
    res.end(entry.bytes);
    return;
  }
  const body = bodies[req.url] ?? null;
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.listen(port, "127.0.0.1", () => console.log(`bare server listening on 127.0.0.1:${port}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
