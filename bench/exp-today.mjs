import { installSignalHandlers } from "./lib/common.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { memberReadyForToday } from "./lighthouse.mjs";
import { load, summarize } from "./http.mjs";
installSignalHandlers();
const ours = await startBuiltServer({ name: "exp" });
try {
  const cookie = await memberReadyForToday(ours.port);
  for (const p of ["/api/me", "/api/today", "/api/devotionals/today"]) {
    const url = `http://127.0.0.1:${ours.port}${p}`;
    await load(url, { connections: 50, durationSeconds: 2, headers: { cookie } });
    const a = summarize(await load(url, { connections: 50, durationSeconds: 8, headers: { cookie } }));
    console.log(p, a.requestsPerSecond, "req/s p50", a.p50Ms, "p99", a.p99Ms, "non2xx", a.non2xx);
  }
} finally {
  await ours.stop();
}
process.exit(0);
