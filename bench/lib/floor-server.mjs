// The floor for the HTTP benchmarks: plain node:http and node-postgres, no framework, doing only the work the product
// must do for each scenario, on the built server's own database (its DATA_DIR: the embedded PostgreSQL's port and
// password, and the auth secret that signs session cookies):
//   - read the session cookie and verify its HMAC-SHA256 signature (Better Auth's `token.signature` form);
//   - look the session and its user up (one named prepared statement, as ours does on its fast path);
//   - run the scenario's SQL with named prepared statements: the profile (/api/me), the devotionals around today
//     (/api/devotionals/today), the first page of The Pasture, a chapter of The Word (public: no session);
//   - send the same JSON, built from the rows the way the product's mappers build it.
// No validation beyond that, no logging, no rate limits, no error pages: it answers 401/404 with an empty body.
// Listens on 127.0.0.1:PORT. FLOOR_DATA_DIR is the built server's DATA_DIR; FLOOR_POOL_SIZE (20, as ours) the pool.
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";

const port = Number(process.env.PORT);
const dataDir = process.env.FLOOR_DATA_DIR;
const secret = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
const owner = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres-owner.json"), "utf8"));
const pgPort = owner.port;
// The same way to the database as ours: its Unix socket when the embedded server has one, else TCP on loopback.
const pool = new pg.Pool({
  host: owner.socketDir ?? "127.0.0.1",
  port: pgPort,
  user: "postgres",
  password,
  database: "postgres",
  max: Number(process.env.FLOOR_POOL_SIZE ?? 20),
});

const COOKIE = "shepherd.session_token";
const FEED_PAGE_SIZE = 20;

const Q = {
  session: {
    name: "floor_session",
    text: `select s.id as session_id, u.id, u.email, u.name, u.role, u.two_factor_enabled, u.banned
           from sessions s join users u on u.id = s.user_id where s.token = $1 and s.expires_at > $2`,
  },
  profile: { name: "floor_profile", text: `select * from profiles where id = $1` },
  today: {
    name: "floor_today",
    text: `select d.id, d.devotional_date::text as devotional_date, d.title, d.passage, d.passage_text, d.content,
                  d.reflection, d.theme, d.prayer, d.image_url,
                  (select p.time_zone from profiles p where p.id = d.user_id) as time_zone
           from devotionals d where d.user_id = $1 and d.devotional_date between $2::date - 1 and $2::date + 1`,
  },
  feed: {
    name: "floor_feed",
    text: `select p.id, p.kind, p.body, p.scripture_ref, p.image_url, p.comment_count, p.praying_count,
                  p.encourage_count, p.created_at, p.updated_at, p.created_at::text as cursor_at, p.user_id,
                  p.hidden_at, pr.display_name, pr.username, pr.avatar_url,
                  array(select r.kind from post_reactions r where r.post_id = p.id and r.user_id = $1) as my_reactions
           from posts p join profiles pr on pr.id = p.user_id
           where p.hidden_at is null or p.user_id = $1
           order by p.created_at desc, p.id desc limit ${FEED_PAGE_SIZE + 1}`,
  },
  chapter: {
    name: "floor_chapter",
    text: `select verse_count, blocks::text as blocks from bible_chapters
           where translation = $1 and book_index = $2 and chapter = $3`,
  },
};

const query = async (q, values) => (await pool.query({ name: q.name, text: q.text, values })).rows;

function sessionToken(cookieHeader) {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

async function signedIn(req) {
  const token = sessionToken(req.headers.cookie);
  if (!token) return null;
  const [row] = await query(Q.session, [token, new Date()]);
  return row && !row.banned ? row : null;
}

const iso = (d) => (d ? d.toISOString() : null);

/** The date in a time zone (UTC when none), as the product's dayIn does. */
function localDate(now, timeZone) {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || "UTC" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const routes = {
  async "/api/me"(user) {
    const [p] = await query(Q.profile, [user.id]);
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role, twoFactorEnabled: user.two_factor_enabled },
      profile: {
        id: p.id,
        display_name: p.display_name,
        username: p.username,
        avatar_url: p.avatar_url,
        focus: p.focus,
        current_topics: p.current_topics,
        onboarding_completed_at: iso(p.onboarding_completed_at),
        share_streak: p.share_streak,
      },
      isAdmin: user.role === "admin",
    };
  },
  async "/api/devotionals/today"(user) {
    const now = new Date();
    const rows = await query(Q.today, [user.id, now.toISOString().slice(0, 10)]);
    const date = localDate(now, rows[0]?.time_zone);
    const d = rows.find((r) => r.devotional_date === date);
    if (!d) return null; // the product would write today's devotional here; the benchmark reads an existing one
    return {
      id: d.id,
      devotional_date: d.devotional_date,
      title: d.title,
      passage: d.passage,
      passage_text: d.passage_text,
      content: d.content,
      reflection: d.reflection,
      theme: d.theme,
      prayer: d.prayer,
      image_url: d.image_url,
    };
  },
  async "/api/pasture/posts"(user) {
    const rows = await query(Q.feed, [user.id]);
    const page = rows.slice(0, FEED_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({
        id: r.id,
        kind: r.kind,
        body: r.body,
        scripture_ref: r.scripture_ref,
        image_url: r.image_url,
        updated_at: iso(r.updated_at),
        comment_count: r.comment_count,
        reactions: { praying: r.praying_count, encourage: r.encourage_count },
        my_reactions: r.my_reactions,
        author: { id: r.user_id, display_name: r.display_name, username: r.username, avatar_url: r.avatar_url },
        created_at: iso(r.created_at),
        edited: r.updated_at.getTime() - r.created_at.getTime() > 1000,
        mine: r.user_id === user.id,
        hidden: r.hidden_at !== null,
      })),
      next_cursor:
        rows.length > FEED_PAGE_SIZE && last
          ? Buffer.from(JSON.stringify([last.cursor_at, last.id])).toString("base64url")
          : null,
    };
  },
};

/** GET /api/word/chapters/web/John/3 only (the scenario): read from PostgreSQL on every request, no per-process cache. */
const CHAPTER = /^\/api\/word\/chapters\/web\/John\/(\d+)$/;
async function chapter(n) {
  const [row] = await query(Q.chapter, ["web", 43, n]);
  if (!row) return null;
  const head = JSON.stringify({ translation: "web", book: "John", chapter: n, verse_count: row.verse_count });
  return `${head.slice(0, -1)},"blocks":${row.blocks}}`;
}

function send(res, status, body) {
  if (body === null) {
    res.writeHead(status, { "content-length": 0 }).end();
    return;
  }
  const bytes = Buffer.from(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": bytes.length });
  res.end(bytes);
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === "/api/health") return send(res, 200, '{"status":"ok"}');
    const m = CHAPTER.exec(req.url);
    if (m) {
      const body = await chapter(Number(m[1]));
      return send(res, body ? 200 : 404, body);
    }
    const route = routes[req.url];
    if (!route) return send(res, 404, null);
    const user = await signedIn(req);
    if (!user) return send(res, 401, null);
    const answer = await route(user);
    return send(res, answer ? 200 : 404, answer ? JSON.stringify(answer) : null);
  } catch (error) {
    console.error(error);
    send(res, 500, null);
  }
});
server.listen(port, "127.0.0.1", () => console.log(`floor server listening on 127.0.0.1:${port}`));
process.on("SIGTERM", () => {
  server.close(() => pool.end().finally(() => process.exit(0)));
  server.closeIdleConnections();
});
