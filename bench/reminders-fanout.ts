// The reminder fan-out, measured with the server's own sender (apps/server/src/modules/reminders/push.ts): 10,000
// browser subscriptions, each with its own P-256 key pair and auth secret, pushed to one local push endpoint (a
// separate process, so the sender has its own core's share), beside plain unencrypted POSTs of the same size to the
// same endpoint in the same run. Prints one JSON line. Run by bench/reminders.mjs: npx tsx bench/reminders-fanout.ts
import { spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import webpush from "web-push";
import { createPushSender, type PushMessage } from "../apps/server/src/modules/reminders/push";

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
/** As many pushes in flight as runReminderMinute's workers (SEND_CONCURRENCY). */
const CONCURRENCY = 32;

const ENDPOINT_SOURCE = `
const http = require("node:http");
const server = http.createServer({ keepAliveTimeout: 30000 }, (req, res) => {
  let n = 0;
  req.on("data", (c) => { n += c.length; });
  req.on("end", () => { res.statusCode = 201; res.setHeader("content-length", "0"); res.end(); });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

async function startEndpoint(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["-e", ENDPOINT_SOURCE], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
    child.once("exit", (code) => reject(new Error(`the push endpoint exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function pool<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

const endpoint = await startEndpoint();
try {
  const keys = webpush.generateVAPIDKeys();
  const sender = createPushSender({ ...keys, subject: "mailto:bench@shepherd.local" });
  const targets = Array.from({ length: SUBSCRIPTIONS }, (_, i) => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      endpoint: `${endpoint.url}/push/${i}`,
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    };
  });
  const message: PushMessage = {
    title: "Ten quiet minutes",
    body: "Ten quiet minutes are waiting for you whenever you are ready.",
    url: "/",
    tag: "reminder-2026-11-27",
  };
  // The encrypted body's size, for the plain POSTs: the same bytes on the wire, minus the crypto and the VAPID JWT.
  const sample = webpush.generateRequestDetails(
    { endpoint: targets[0]!.endpoint, keys: { p256dh: targets[0]!.p256dh, auth: targets[0]!.auth } },
    JSON.stringify(message),
    { vapidDetails: { ...keys, subject: "mailto:bench@shepherd.local" }, contentEncoding: "aes128gcm" },
  );
  const bodyBytes = (sample.body as Buffer).length;
  const plainBody = new Uint8Array(bodyBytes).fill(120);
  const plain = async (target: { endpoint: string }) => {
    const response = await fetch(target.endpoint, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", ttl: "43200" },
      body: plainBody,
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`plain POST answered ${response.status}`);
  };
  let failed = 0;
  const push = async (target: (typeof targets)[number]) => {
    const result = await sender.send(target, message);
    if (!result.ok) failed += 1;
  };
  // A warm-up of each (connections opened, code compiled), then the measured runs: plain, push, plain, push.
  await pool(targets.slice(0, 500), plain);
  await pool(targets.slice(0, 500), push);
  const plainSeconds = [await pool(targets, plain)];
  const pushSeconds = [await pool(targets, push)];
  plainSeconds.push(await pool(targets, plain));
  pushSeconds.push(await pool(targets, push));
  const best = (s: number[]) => Math.min(...s);
  const plainPerSecond = SUBSCRIPTIONS / best(plainSeconds);
  const pushPerSecond = SUBSCRIPTIONS / best(pushSeconds);
  console.log(
    JSON.stringify({
      subscriptions: SUBSCRIPTIONS,
      concurrency: CONCURRENCY,
      bodyBytes,
      failed,
      pushSeconds,
      plainSeconds,
      pushPerSecond: Math.round(pushPerSecond),
      plainPerSecond: Math.round(plainPerSecond),
      ratio: Math.round((pushPerSecond / plainPerSecond) * 1000) / 1000,
    }),
  );
} finally {
  endpoint.stop();
}
