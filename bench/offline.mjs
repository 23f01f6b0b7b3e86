// Issue 18: a second visit to Today from the service worker's cache with the network cut: the time from asking for
// the page to the devotional's text on screen (target under 1 s), in Debian's Chromium (Playwright), phone-sized.
//   node bench/offline.mjs      (or: node bench/run.mjs offline)
import { chromium } from "@playwright/test";
import { ensureChromium } from "../scripts/chromium.mjs";
import { ensureBuilt, installSignalHandlers, isMain, log, median, round } from "./lib/common.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { memberReadyForToday } from "./lighthouse.mjs";

const RUNS = 7;
const TARGET_MS = 1000;

export async function runOffline() {
  installSignalHandlers();
  const built = await ensureBuilt();
  let ours;
  let browser;
  try {
    ours = await startBuiltServer({ name: "offline" });
    const cookie = await memberReadyForToday(ours.port);
    const base = `http://localhost:${ours.port}`;
    browser = await chromium.launch({ executablePath: ensureChromium(), args: ["--no-sandbox", "--disable-gpu"] });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
    const [name, value] = cookie.split(";")[0].split(/=(.*)/s);
    await context.addCookies([{ name, value, url: base }]);
    // The moment the passage's reference is in the page, from the page's own clock (0 is the navigation's start): a
    // Playwright wait polls at growing intervals (up to half a second), which would round the time up to its polls.
    await context.addInitScript(() => {
      const seen = () => document.body?.textContent?.includes("(WEB)");
      const observer = new MutationObserver(() => {
        if (window.__shepherdTextAt === undefined && seen()) {
          window.__shepherdTextAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    // The first visit: the worker installs and, once it controls the page, keeps his answers.
    await page.goto(`${base}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByText("(WEB)").first().waitFor();
    await context.setOffline(true);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await page.goto(`${base}/`);
      await page.getByText("(WEB)").first().waitFor();
      const waited = round(performance.now() - started, 0);
      runs.push(round(await page.evaluate(() => window.__shepherdTextAt), 0));
      log(`offline: run ${i + 1} of ${RUNS}: ${runs.at(-1)} ms (Playwright's wait: ${waited} ms)`);
    }
    const ms = median(runs);
    return {
      name: "offline",
      measuredAt: new Date().toISOString(),
      builtFirst: built,
      runs,
      medianMs: ms,
      targetMs: TARGET_MS,
      targetMet: ms < TARGET_MS,
      ok: true,
    };
  } finally {
    await browser?.close();
    await ours?.stop();
  }
}

export function formatOffline(r) {
  return `Today offline, second visit: median ${r.medianMs} ms to the devotional's text (runs: ${r.runs.join(", ")}); under ${r.targetMs} ms: ${r.targetMet ? "met" : "NOT met"}`;
}

export function renderOffline(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  return `Measured ${r.measuredAt}. The built server (embedded PostgreSQL) on loopback, Debian's Chromium through Playwright at 390 x 844. A member whose devotional is written opens Today once online (the service worker installs and keeps his answers), then the network is cut (\`context.setOffline\`) and Today is opened ${r.runs.length} times; each time is from the navigation's start to the moment the devotional's passage reference "(WEB)" is in the page, read from the page's own clock (a MutationObserver added before the page's scripts), not from Playwright's wait, whose polls grow to half a second apart.

| Median ms | Runs (ms) | Target |
| --- | --- | --- |
| ${r.medianMs} | ${r.runs.join(", ")} | under ${r.targetMs} ms: ${r.targetMet ? "met" : "not met"} |`;
}

if (isMain(import.meta.url)) {
  const result = await runOffline();
  console.log(formatOffline(result));
}
