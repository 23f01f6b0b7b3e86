// Offline speech benchmark: eSpeak NG (WebAssembly) + LAME (WebAssembly) turning a ~400-word devotional into MP3,
// through the server's own provider (apps/server/src/providers/tts/espeak.ts), in its worker thread.
//   node bench/audio.mjs            cold run (worker start, WebAssembly compile) + median of 3 warm runs
//   node bench/audio.mjs --runs 5   more warm runs
// Prints a small table: synthesis time, audio length, MP3 size, MB per minute of audio, real-time factor, and the
// longest event-loop stall on the main thread while it ran. Exits by itself.
import { tsImport } from "tsx/esm/api";
import { isMain, log, median, round } from "./lib/common.mjs";

/** About 400 words, shaped like a daily devotional (title, passage, body, reflection, prayer). */
export const DEVOTIONAL = `Still Waters for a Busy Week.
Psalm 23, verses 1 to 3. The Lord is my shepherd; I shall not want. He makes me lie down in green pastures.
He leads me beside still waters. He restores my soul.
Most of us do not lie down willingly. We lie down when we are made to: by illness, by exhaustion, by a week that
finally takes more than we have. David knew that kind of week. He knew the field at night, the sheep that would
not settle, the noise of wolves beyond the fire. And yet he wrote that the Shepherd makes him lie down, not as a
punishment, but as a gift. Rest is not the reward for finishing everything. Rest is where the Shepherd brings us
so that we can be restored.
Think about your own household this morning. Your wife carries worries you may not have noticed. Your children
watch how you handle pressure far more closely than they listen to what you say about it. When you are hurried,
they learn that love is hurried. When you are calm, they learn that there is a calm deeper than circumstances.
Leading them well begins with being led yourself.
Still waters are not stagnant waters. They are waters where a thirsty sheep can drink without being swept away.
The Shepherd does not lead you to the torrent of every demand at once. He leads you to a place where you can
drink deeply of what you actually need: His word, His presence, His peace. That may look like ten quiet minutes
before the house wakes up. It may look like turning off your phone at dinner. It may look like saying no to
something good so that you can say yes to something better.
He restores my soul. The word restore carries the sense of bringing something back to where it belongs. Whatever
this week has taken from you, the Shepherd intends to bring you back: back to patience, back to gentleness, back
to the joy of your salvation. You do not have to manufacture that restoration. You only have to follow Him to
the water.
Reflection. Where in your week are you refusing to lie down? What would it look like to let the Shepherd lead
your pace today, and to let your family see you resting in Him?
Prayer. Lord, You are my shepherd, and I lack nothing that I truly need. Make me lie down when I will not. Lead me
beside still waters, and restore my soul, so that I can lead my family with the same patience You show me. In
Jesus' name, amen.`;

/** The longest gap between timer ticks while `work` runs: how long the main thread was blocked. */
async function withStallMeter(work) {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 10);
  try {
    return { value: await work(), stallMs: worst };
  } finally {
    clearInterval(timer);
  }
}

export async function runAudio(options = {}) {
  const runs = options.runs ?? 3;
  const { createEspeakSpeech } = await tsImport("../apps/server/src/providers/tts/espeak.ts", import.meta.url);
  const speech = createEspeakSpeech();
  const words = DEVOTIONAL.split(/\s+/).filter(Boolean).length;
  try {
    const once = async () => {
      const started = performance.now();
      const { value, stallMs } = await withStallMeter(() => speech.synthesize({ text: DEVOTIONAL, voice: "onyx" }));
      return { ms: performance.now() - started, bytes: value.audio.length, seconds: value.seconds, stallMs };
    };
    log("audio: cold run (starts the worker and compiles the WebAssembly)");
    const cold = await once();
    const warm = [];
    for (let i = 0; i < runs; i++) {
      log(`audio: warm run ${i + 1}/${runs}`);
      warm.push(await once());
    }
    const ms = median(warm.map((r) => r.ms));
    const { bytes, seconds } = warm[0];
    return {
      name: "audio",
      measuredAt: new Date().toISOString(),
      settings: { voice: "onyx -> en-us+m3", wordsPerMinute: 160, mp3: "CBR 40 kbit/s mono 22.05 kHz", warmRuns: runs },
      words,
      characters: DEVOTIONAL.length,
      coldMs: Math.round(cold.ms),
      warmMs: warm.map((r) => Math.round(r.ms)),
      medianMs: Math.round(ms),
      audioSeconds: round(seconds, 1),
      mp3Bytes: bytes,
      mbPerMinute: round(bytes / (1024 * 1024) / (seconds / 60), 3),
      realTimeFactor: round(seconds / (ms / 1000), 1),
      worstStallMs: Math.round(Math.max(cold.stallMs, ...warm.map((r) => r.stallMs))),
    };
  } finally {
    await speech.close();
  }
}

export function formatAudio(r) {
  const rows = [
    ["text", `${r.words} words, ${r.characters} characters`],
    ["synthesis + MP3, median of warm runs", `${(r.medianMs / 1000).toFixed(2)} s (runs: ${r.warmMs.join(", ")} ms)`],
    ["first run (worker start + compile)", `${(r.coldMs / 1000).toFixed(2)} s`],
    ["audio length", `${r.audioSeconds} s (${(r.audioSeconds / 60).toFixed(2)} min)`],
    ["MP3 size", `${(r.mp3Bytes / (1024 * 1024)).toFixed(2)} MB (${r.mp3Bytes} bytes)`],
    ["MB per minute of audio", r.mbPerMinute.toFixed(3)],
    ["real-time factor", `${r.realTimeFactor}x faster than playback`],
    ["longest main-thread stall", `${r.worstStallMs} ms`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  return [`Offline speech (${r.settings.mp3})`, ...rows.map(([k, v]) => `${k.padEnd(width)}${v}`)].join("\n");
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf("--runs");
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    console.error("--runs needs a whole number from 1 to 20");
    process.exit(2);
  }
  try {
    console.log(formatAudio(await runAudio({ runs })));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
