// The reminder fan-out (issue 18): push messages sent per second to 10,000 subscriptions on a local push endpoint,
// with the server's own sender (real aes128gcm encryption to each subscription's keys, a VAPID token), as a ratio
// against plain unencrypted POSTs of the same size to the same endpoint in the same run (bench/reminders-fanout.ts).
//   node bench/reminders.mjs            (or: node bench/run.mjs reminders)
import { spawnSync } from "node:child_process";
import { ROOT, installSignalHandlers, isMain } from "./lib/common.mjs";

export async function runReminders() {
  installSignalHandlers();
  const run = spawnSync("npx", ["tsx", "bench/reminders-fanout.ts"], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
  const line = run.stdout.trim().split("\n").pop() ?? "";
  if (run.status !== 0 || !line.startsWith("{"))
    throw new Error(`bench/reminders-fanout.ts failed:\n${run.stderr || run.stdout}`);
  return { name: "reminders", measuredAt: new Date().toISOString(), ...JSON.parse(line), ok: true };
}

export function formatReminders(r) {
  return `Reminder fan-out: ${r.pushPerSecond} pushes/s to ${r.subscriptions} subscriptions (${r.concurrency} in flight), plain POSTs of the same ${r.bodyBytes} bytes ${r.plainPerSecond}/s: ratio ${r.ratio}; failed ${r.failed}`;
}

const secs = (list) => list.map((s) => s.toFixed(1)).join(", ");

export function renderReminders(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  return `Measured ${r.measuredAt.slice(0, 10)}. The server's push sender (\`modules/reminders/push.ts\`: \`web-push\` encrypts each message with aes128gcm to that subscription's own P-256 key and auth secret; the VAPID token is signed once per push service) sends to ${r.subscriptions} subscriptions on a local push endpoint (a separate Node process answering 201), ${r.concurrency} in flight as the reminder job does; beside it, in the same run, plain unencrypted POSTs of the same ${r.bodyBytes}-byte body to the same endpoint. Best of two runs each (seconds: pushes ${secs(r.pushSeconds)}; plain ${secs(r.plainSeconds)}). Not counted: the reminder job's database writes (one "sent" row per member, the subscription's last success).

| Pushes per second | Plain POSTs per second | Ratio | Failed |
| --- | --- | --- | --- |
| ${r.pushPerSecond} | ${r.plainPerSecond} | ${r.ratio} | ${r.failed} |`;
}

if (isMain(import.meta.url)) {
  const result = await runReminders();
  console.log(formatReminders(result));
}
