// Temporary: long tasks (and optionally a CPU profile) of a returning member's loads of Today (not committed).
import fs from "node:fs";
import { chromium } from "playwright";
import { startBuiltServer } from "./lib/server.mjs";
import { memberReadyForToday } from "./lighthouse.mjs";
const RUNS = Number(process.env.RUNS ?? 7), THROTTLE = Number(process.env.THROTTLE ?? 4);
const ours = await startBuiltServer({ name: "prof" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const cookie = await memberReadyForToday(ours.port);
  const base = `http://127.0.0.1:${ours.port}`;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const [name, ...value] = cookie.split(";")[0].split("=");
  await context.addCookies([{ name, value: value.join("="), url: base }]);
  await context.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.duration)); }).observe({ type: "longtask", buffered: true }); });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByTestId("streak").waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  for (let i = 0; i < 2; i++) { await page.reload(); await page.getByTestId("streak").waitFor(); await page.waitForTimeout(1000); }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  const tbts = [];
  for (let i = 0; i < RUNS; i++) {
    const last = i === RUNS - 1 && process.env.PROFILE;
    if (last) { await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 100 }); await cdp.send("Profiler.start"); }
    await page.reload();
    await page.getByTestId("streak").waitFor();
    await page.waitForTimeout(2500 * THROTTLE / 2);
    const lt = await page.evaluate(() => window.__lt);
    const tbt = lt.reduce((s, d) => s + Math.max(0, d - 50), 0);
    tbts.push(tbt);
    console.log(`run ${i + 1}: blocking ${tbt} ms; long tasks ${lt.join(", ")}`);
    if (last) fs.writeFileSync("/tmp/today.cpuprofile", JSON.stringify((await cdp.send("Profiler.stop")).profile));
  }
  tbts.sort((a, b) => a - b);
  console.log(`median blocking ${tbts[Math.floor(tbts.length / 2)]} ms (throttle ${THROTTLE}x)`);
} finally { await browser.close(); await ours.stop(); }
