// A member's own plan (issue 13), three measurements:
//   1. the offline composer writing a 21-day plan, in this process through the server's own provider, beside the
//      least any writer does for those days (quoting their passages from the Bible);
//   2. plans finished per minute by the built server's job queue with 10 queued at once, beside the composer's own time
//      for the same ten plans (what the queue, the checkpoints and the database add);
//   3. the Today and /path reads (GET /api/devotionals/today, GET /api/path) at 50 connections with plans being written
//      all the while, beside the same reads with nothing being written, in one run.
//   node bench/custom-plans.mjs        (or: node bench/run.mjs custom-plans)
import { tsImport } from "tsx/esm/api";
import { HTTP_DEFAULTS, load, summarize } from "./http.mjs";
import { ensureBuilt, installSignalHandlers, isMain, log, median, request, round, sleep } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";
import { followPlans } from "./path.mjs";

const DAYS = 21;
const QUEUED = 10;
/** Issue 13's targets on these 2 cores. */
const COMPOSER_TARGET_MS = 2000;
const READS_P99_TARGET_RATIO = 1.1;

function brief(i) {
  const themes = [["marriage", "prayer"], ["fatherhood"], ["work", "leadership"], ["temptation", "brotherhood"], ["bible_study"]];
  return {
    themes: themes[i % themes.length],
    goal: "Lead my family with patience and pray with them every evening",
    days: DAYS,
    season: ["married", "young_children", "teenagers", "single", "grandfather"][i % 5],
    hard_now: "Long shifts and short tempers",
    helped_before: "Praying in the truck before work",
    minutes_per_day: 10,
    style: ["reflective", "short", "study"][i % 3],
    challenge: true,
    audio: false,
  };
}

async function runComposer() {
  const { createComposer } = await tsImport("../apps/server/src/providers/ai/composer.ts", import.meta.url);
  const { loadLibrary } = await tsImport("../apps/server/src/providers/ai/library.ts", import.meta.url);
  const { loadPlanLibrary, sourceDays } = await tsImport("../apps/server/src/modules/path/library.ts", import.meta.url);
  const { passageText } = await tsImport("../apps/server/src/bible/passages.ts", import.meta.url);
  const started = performance.now();
  const composer = createComposer(loadLibrary(), sourceDays(loadPlanLibrary()));
  const write = async (planId, b) => {
    const days = [];
    for (let dayNumber = 1; dayNumber <= b.days; dayNumber++) {
      days.push((await composer.composePlanDay({ planId, brief: b, dayNumber, previous: days })).day);
    }
    return days;
  };
  const coldDays = await write("bench-cold", brief(0));
  const coldMs = performance.now() - started;
  const warm = [];
  const quoting = [];
  for (let i = 1; i <= 10; i++) {
    const t0 = performance.now();
    const days = await write(`bench-${i}`, brief(i));
    warm.push(performance.now() - t0);
    const t1 = performance.now();
    for (const day of days) for (const reference of day.passages) passageText(reference);
    quoting.push(performance.now() - t1);
  }
  if (coldDays.length !== DAYS) throw new Error(`the composer wrote ${coldDays.length} days, not ${DAYS}`);
  return { coldMs: round(coldMs, 0), warmMedianMs: round(median(warm), 1), quotingMedianMs: round(median(quoting), 2) };
}

async function premiumMember(port) {
  const cookie = await signUp(port, { label: "plans" });
  const headers = { cookie, "content-type": "application/json", origin: `http://localhost:${port}` };
  const checkout = await request(port, "/api/subscription/checkout", {
    method: "POST",
    headers,
    body: JSON.stringify({ plan: "premium_monthly" }),
  });
  if (checkout.status !== 200) throw new Error(`checkout: HTTP ${checkout.status} ${checkout.body}`);
  const { url } = JSON.parse(checkout.body);
  const done = await request(port, `${url}/complete`, { method: "POST", headers, body: "{}" });
  if (done.status >= 400) throw new Error(`complete checkout: HTTP ${done.status} ${done.body}`);
  return { cookie, headers };
}

async function createPlan(port, headers, i) {
  const res = await request(port, "/api/path/custom-plans", { method: "POST", headers, body: JSON.stringify(brief(i)) });
  if (res.status !== 201) throw new Error(`create plan: HTTP ${res.status} ${res.body}`);
  return JSON.parse(res.body).plan_id;
}

async function generation(port, cookie, planId) {
  const res = await request(port, `/api/path/plans/${planId}/generation`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`generation: HTTP ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}

/** Ten plans sent at once; answers how long until the last is ready. */
async function runQueue(port, member) {
  const t0 = performance.now();
  const ids = [];
  for (let i = 0; i < QUEUED; i++) ids.push(await createPlan(port, member.headers, i));
  const pending = new Set(ids);
  const until = Date.now() + 180_000;
  while (pending.size) {
    if (Date.now() > until) throw new Error(`${pending.size} of ${QUEUED} plans were not written within 3 minutes`);
    for (const id of [...pending]) {
      const state = await generation(port, member.cookie, id);
      if (state.status === "failed") throw new Error(`plan ${id} failed: ${state.error}`);
      if (state.status === "ready") pending.delete(id);
    }
    await sleep(50);
  }
  const ms = performance.now() - t0;
  return { allReadyMs: round(ms, 0), plansPerMinute: round((QUEUED / ms) * 60_000, 1) };
}

/** Keeps plans being written until stopped: a new one whenever fewer than three are in the queue. */
function keepWriting(port, member) {
  let stopped = false;
  let written = 0;
  const running = (async () => {
    const inFlight = new Set();
    let i = 100;
    while (!stopped) {
      while (inFlight.size < 3) inFlight.add(await createPlan(port, member.headers, i++));
      for (const id of [...inFlight]) {
        const state = await generation(port, member.cookie, id);
        if (state.status !== "generating") {
          inFlight.delete(id);
          written++;
        }
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return written;
    },
  };
}

async function measureReads(port, cookie, label) {
  const rows = [];
  for (const [key, path] of [
    ["today", "/api/devotionals/today"],
    ["mine", "/api/path"],
  ]) {
    const url = `http://127.0.0.1:${port}${path}`;
    log(`custom-plans: ${path} (${label})`);
    await load(url, {
      connections: HTTP_DEFAULTS.connections,
      durationSeconds: HTTP_DEFAULTS.warmupSeconds,
      headers: { cookie },
    });
    const result = summarize(
      await load(url, {
        connections: HTTP_DEFAULTS.connections,
        durationSeconds: HTTP_DEFAULTS.durationSeconds,
        headers: { cookie },
      }),
    );
    rows.push({ key, path, ...result });
  }
  return rows;
}

export async function runCustomPlans() {
  installSignalHandlers();
  const built = await ensureBuilt();
  log("custom-plans: the offline composer, in process");
  const composer = await runComposer();
  let ours;
  try {
    ours = await startBuiltServer({ name: "custom-plans" });
    const member = await premiumMember(ours.port);
    const reader = await signUp(ours.port, { label: "reader" });
    await followPlans(ours.port, reader);
    await request(ours.port, "/api/devotionals/today", { headers: { cookie: reader }, timeoutMs: 30_000 });

    log(`custom-plans: ${QUEUED} plans of ${DAYS} days queued at once`);
    const queue = await runQueue(ours.port, member);

    const idle = await measureReads(ours.port, reader, "nothing being written");
    const writer = keepWriting(ours.port, member);
    let during;
    let writtenDuring;
    try {
      during = await measureReads(ours.port, reader, "plans being written");
    } finally {
      writtenDuring = await writer.stop();
    }
    const reads = idle.map((row, i) => ({
      key: row.key,
      path: row.path,
      idle: row,
      during: during[i],
      p99Ratio: round(during[i].p99Ms / Math.max(row.p99Ms, 1), 2),
      throughputRatio: round(during[i].requestsPerSecond / row.requestsPerSecond, 3),
      ok: row.non2xx + row.errors + during[i].non2xx + during[i].errors === 0,
    }));
    return {
      name: "custom-plans",
      measuredAt: new Date().toISOString(),
      settings: { ...HTTP_DEFAULTS, days: DAYS, queued: QUEUED },
      builtFirst: built,
      composer: {
        ...composer,
        quotingRatio: round(composer.warmMedianMs / Math.max(composer.quotingMedianMs, 0.01), 1),
        targetMs: COMPOSER_TARGET_MS,
        targetMet: composer.coldMs < COMPOSER_TARGET_MS,
      },
      queue: {
        ...queue,
        composerOnlyMs: round(composer.warmMedianMs * QUEUED, 0),
        overheadRatio: round(queue.allReadyMs / (composer.warmMedianMs * QUEUED), 1),
      },
      reads,
      plansWrittenDuringReads: writtenDuring,
      readsTargetRatio: READS_P99_TARGET_RATIO,
      readsTargetMet: reads.every((r) => r.p99Ratio <= READS_P99_TARGET_RATIO),
      ok: reads.every((r) => r.ok),
    };
  } finally {
    await ours?.stop();
  }
}

export function formatCustomPlans(r) {
  return [
    `composer, ${r.settings.days}-day plan: cold ${r.composer.coldMs} ms (target < ${r.composer.targetMs}: ${r.composer.targetMet ? "met" : "NOT met"}), warm median ${r.composer.warmMedianMs} ms (${r.composer.quotingRatio}x quoting its passages, ${r.composer.quotingMedianMs} ms)`,
    `${r.settings.queued} plans queued: all ready in ${r.queue.allReadyMs} ms = ${r.queue.plansPerMinute} plans/min (${r.queue.overheadRatio}x the composer alone)`,
    ...r.reads.map(
      (row) =>
        `${row.path.padEnd(24)} idle p99 ${row.idle.p99Ms} ms ${row.idle.requestsPerSecond} req/s | writing p99 ${row.during.p99Ms} ms ${row.during.requestsPerSecond} req/s | p99 ratio ${row.p99Ratio}`,
    ),
    `reads p99 within ${Math.round((r.readsTargetRatio - 1) * 100)}% while plans are written: ${r.readsTargetMet ? "met" : "NOT met"} (${r.plansWrittenDuringReads} plans written meanwhile)`,
  ].join("\n");
}

export function renderCustomPlans(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const rows = r.reads
    .map(
      (row) =>
        `| \`GET ${row.path}\` | ${row.idle.requestsPerSecond} | ${row.idle.p99Ms} | ${row.during.requestsPerSecond} | ${row.during.p99Ms} | ${row.p99Ratio} |`,
    )
    .join("\n");
  return `Measured ${r.measuredAt}.

**The offline composer** (in process, the server's own provider) writing a ${r.settings.days}-day plan: the first plan, loading the library and the Bible, in **${r.composer.coldMs} ms** (target under ${r.composer.targetMs} ms: **${r.composer.targetMet ? "met" : "not met"}**); then ${r.composer.warmMedianMs} ms a plan (median of 10 briefs), ${r.composer.quotingRatio}x the time to quote those days' passages from the Bible (${r.composer.quotingMedianMs} ms).

**The job queue** (the built server, pg-boss on the embedded PostgreSQL): ${r.settings.queued} plans of ${r.settings.days} days sent at once were all ready after ${r.queue.allReadyMs} ms: **${r.queue.plansPerMinute} plans a minute**, ${r.queue.overheadRatio}x the composer's own time for them (the rest is the queue, a checkpoint per day and the publishing transaction).

**Reads while plans are written**: ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row, first with nothing being written, then with three plans always in the queue (${r.plansWrittenDuringReads} written meanwhile); a member following five plans reads.

| Read | req/s idle | p99 ms idle | req/s while writing | p99 ms while writing | p99 ratio |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows}

Target: p99 within ${Math.round((r.readsTargetRatio - 1) * 100)}% while plans are written: **${r.readsTargetMet ? "met" : "not met"}**.`;
}

if (isMain(import.meta.url)) {
  const result = await runCustomPlans();
  console.log(formatCustomPlans(result));
  process.exit(result.ok ? 0 : 1);
}
