// Today's benchmarks: the Today screen's answer (GET /api/today) at 50 connections beside a bare node:http server
// sending the same bytes, with the same member's GET /api/me for scale; the streak query for a user with 365 days of
// history (bench/streak.ts, beside a primary-key SELECT in the same run) and offline audio synthesis (bench/audio.mjs).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ensureBuilt, installSignalHandlers } from "./lib/common.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { formatRows, renderRows, sideBySide } from "./lib/side-by-side.mjs";
import { memberReadyForToday } from "./lighthouse.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function lastJsonLine(output) {
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.trim().startsWith("{"));
  return line ? JSON.parse(line) : null;
}

/** GET /api/today for a member whose devotional is written (as every visit after his first of the day). */
async function runScreen() {
  installSignalHandlers();
  await ensureBuilt();
  const ours = await startBuiltServer({ name: "today" });
  try {
    const cookie = await memberReadyForToday(ours.port);
    const headers = { cookie };
    return await sideBySide({
      name: "today",
      ours,
      scenarios: [
        { key: "screen", label: "GET /api/today (the Today screen)", path: "/api/today", headers },
        { key: "me", label: "GET /api/me (reference)", path: "/api/me", headers },
      ],
    });
  } finally {
    await ours.stop();
  }
}

export async function runToday() {
  const screen = await runScreen();
  const streakRun = spawnSync("npx", ["tsx", "bench/streak.ts"], { cwd: ROOT, encoding: "utf8", timeout: 180_000 });
  const streak = lastJsonLine(streakRun.stdout ?? "");
  if (!streak) throw new Error(`bench/streak.ts failed:\n${streakRun.stderr}`);
  const { runAudio } = await import("./audio.mjs");
  const audio = await runAudio();
  return { name: "today", measuredAt: new Date().toISOString(), screen, streak, audio, ok: screen.every((r) => r.ok) };
}

export function formatToday(r) {
  const s = r.streak;
  const lines = [
    ...(r.screen ? formatRows(r.screen) : []),
    `streak of ${s.streakDays} days: median ${s.streak.medianMs} ms, p95 ${s.streak.p95Ms} ms (target < 5 ms)`,
    `primary-key SELECT in the same run: median ${s.primaryKeySelect.medianMs} ms; streak / SELECT = ${s.ratio}`,
  ];
  if (r.audio)
    lines.push(`audio: ${r.audio.words} words in ${r.audio.medianMs} ms (median), ${r.audio.mbPerMinute} MB per minute of audio`);
  return lines.join("\n");
}

export function renderToday(r) {
  if (!r.streak) return `The last run failed: ${r.error ?? "no result"}`;
  const s = r.streak;
  const rows = [
    "| measure | median | p95 |",
    "| --- | --- | --- |",
    `| streak for a user with ${s.streakDays} straight days (profile time zone + one SQL query) | ${s.streak.medianMs} ms | ${s.streak.p95Ms} ms |`,
    `| primary-key SELECT, same database, same run (baseline) | ${s.primaryKeySelect.medianMs} ms | ${s.primaryKeySelect.p95Ms} ms |`,
  ];
  let text = `${rows.join("\n")}\n\nStreak / baseline: ${s.ratio}x. Target: under 5 ms.`;
  if (r.screen) {
    text =
      "The Today screen's answer (his devotional, progress, streak, check-in, journal and whisper: two round trips, " +
      "today/screen.ts) for a member whose devotional is written, 50 connections, 2 s warm-up then 10 s per row, beside a " +
      "bare `node:http` server sending the same bytes; his `GET /api/me` for scale.\n\n" +
      `${renderRows(r.screen)}\n\n${text}`;
  }
  if (r.audio) {
    const a = r.audio;
    text += `\n\n| offline audio (eSpeak NG in a worker + MP3 ${a.settings.mp3}) | |\n| --- | --- |\n| text | ${a.words} words |\n| synthesis + encoding, median of ${a.warmMs.length} | ${a.medianMs} ms (first run ${a.coldMs} ms) |\n| audio length | ${a.audioSeconds} s |\n| bytes per minute of audio | ${a.mbPerMinute} MB |\n| faster than real time | ${a.realTimeFactor}x |\n| longest main-thread stall | ${a.worstStallMs} ms |`;
  }
  return `Measured ${r.measuredAt}.\n\n${text}`;
}
