// What one statement costs PostgreSQL: backend CPU per execution of named prepared statements, on the embedded
// database of the built server with a signed-up user, today's devotional and 25 Pasture posts.
//   node bench/sql-cost.mjs statements.json [--runs 3000]
// statements.json: { "name": "SQL text" | { "text": "SQL", "values": [...] }, ... }. In values, ":user" is the user's
// id, ":token" his session token, ":now" the current time and ":plan:<slug>" a starter plan's id; a plain SQL text gets
// [":user"] when it uses $1.
// Each statement runs 20 times (PostgreSQL picks a generic or custom plan after five), then --runs times measured,
// one at a time on one connection; the backend's CPU comes from /proc. Two rounds, to see the noise.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureBuilt, freePort, installSignalHandlers, procCpuSeconds, request } from "./lib/common.mjs";
import { seedFeed, signUp, startBuiltServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const file = args.find((a) => a.endsWith(".json"));
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3000;
if (!file) {
  console.error("usage: node bench/sql-cost.mjs statements.json [--runs 3000]");
  process.exit(2);
}
const statements = JSON.parse(fs.readFileSync(path.resolve(file), "utf8"));

installSignalHandlers();
await ensureBuilt();
const pgPort = await freePort();
const server = await startBuiltServer({ name: "sql", env: { EMBEDDED_PG_PORT: String(pgPort) } });
const { port, dataDir } = server;
let client;
try {
  const cookie = await signUp(port);
  await seedFeed(port, cookie);
  await request(port, "/api/devotionals/today", { headers: { cookie } });
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
  });
  await client.connect();
  const user = (await client.query("select id from users limit 1")).rows[0].id;
  const token = (await client.query("select token from sessions limit 1")).rows[0].token;
  const backend = (await client.query("select pg_backend_pid() as pid")).rows[0].pid;
  const cpu = () => {
    const t = procCpuSeconds([backend]);
    return t.user + t.system;
  };
  const planIds = new Map(
    (await client.query("select slug, id from plans where slug is not null")).rows.map((r) => [r.slug, r.id]),
  );
  const bind = (v) =>
    v === ":user"
      ? user
      : v === ":token"
        ? token
        : v === ":now"
          ? new Date()
          : typeof v === "string" && v.startsWith(":plan:")
            ? planIds.get(v.slice(6))
            : v;
  for (let round = 1; round <= 2; round++) {
    for (const [name, spec] of Object.entries(statements)) {
      const text = typeof spec === "string" ? spec : spec.text;
      const values = (typeof spec === "string" ? (text.includes("$1") ? [":user"] : []) : spec.values).map(bind);
      const query = { name: `cost_${name}`, text, values, rowMode: "array" };
      for (let i = 0; i < 20; i++) await client.query(query);
      const cpu0 = cpu();
      const t0 = performance.now();
      let rows = 0;
      for (let i = 0; i < runs; i++) rows = (await client.query(query)).rows.length;
      const backendUs = ((cpu() - cpu0) * 1e6) / runs;
      const wallUs = ((performance.now() - t0) * 1000) / runs;
      console.log(
        `round ${round}  ${name.padEnd(30)} backend ${backendUs.toFixed(0).padStart(5)} us/run  round trip ${wallUs.toFixed(0).padStart(5)} us  rows ${rows}`,
      );
    }
  }
} finally {
  await client?.end().catch(() => undefined);
  await server.stop();
}
