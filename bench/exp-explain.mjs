import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";
import { seedHistoryOf } from "./insights.mjs";
const src = fs.readFileSync("apps/server/src/modules/insights/days.ts", "utf8");
const DAYS = src.match(/const DAYS = `([\s\S]*?)`;/)[1];
const pgPort = await freePort();
const ours = await startBuiltServer({ name: "exp", env: { EMBEDDED_PG_PORT: String(pgPort) } });
try {
  await signUp(ours.port, { label: "exp" });
  await seedHistoryOf(ours.dataDir, pgPort);
  const password = fs.readFileSync(path.join(ours.dataDir, "postgres-password"), "utf8").trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres` });
  await client.connect();
  const userId = (await client.query("select id from users order by created_at desc limit 1")).rows[0].id;
  const today = (await client.query("select (now() at time zone 'America/Chicago')::date::text d")).rows[0].d;
  const add = (d, n) => new Date(Date.parse(d) + n * 864e5).toISOString().slice(0, 10);
  const v = [userId, add(today, -29), add(today, 1), add(today, -366)];
  for (let i = 0; i < 200; i++) await client.query({ name: "d", text: DAYS, values: v, rowMode: "array" });
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) await client.query({ name: "d", text: DAYS, values: v, rowMode: "array" });
  console.log("days statement", ((performance.now() - t0)), "µs/query");
  const e = await client.query({ text: "explain (analyze, buffers) " + DAYS, values: v });
  console.log(e.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  await client.end();
} finally { await ours.stop(); }
