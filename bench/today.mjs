// Today's benchmarks: the streak query for a user with 365 days of history (bench/streak.ts, beside a primary-key
// SELECT in the same run) and offline audio synthesis (bench/audio.mjs, when present).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function lastJsonLine(output) {
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.trim().startsWith("{"));
  return line ? JSON.parse(line) : null;
}

export async function runToday() {
  const streakRun = spawnSync("npx", ["tsx", "bench/streak.ts"], { cwd: ROOT, encoding: "utf8", timeout: 180_000 });
  const streak = lastJsonLine(streakRun.stdout ?? "");
  if (!streak) throw new Error(`bench/streak.ts failed:\n${streakRun.stderr}`);
  const { runAudio } = await import("./audio.mjs");
  const audio = await runAudio();
  return { name: "today", measuredAt: new Date().toISOString(), streak, audio, ok: true };
}

export function formatToday(r) {
  const s = r.streak;
  const lines = [
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
  if (r.audio) {
    const a = r.audio;
    text += `\n\n| offline audio (eSpeak NG in a worker + MP3 ${a.settings.mp3}) | |\n| --- | --- |\n| text | ${a.words} words |\n| synthesis + encoding, median of ${a.warmMs.length} | ${a.medianMs} ms (first run ${a.coldMs} ms) |\n| audio length | ${a.audioSeconds} s |\n| bytes per minute of audio | ${a.mbPerMinute} MB |\n| faster than real time | ${a.realTimeFactor}x |\n| longest main-thread stall | ${a.worstStallMs} ms |`;
  }
  return `Measured ${r.measuredAt}.\n\n${text}`;
}
