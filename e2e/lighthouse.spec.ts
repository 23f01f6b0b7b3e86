import { expect, test } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { newUser, signUpMember } from "./helpers";

/**
 * Issue 18: Lighthouse (mobile, its default form factor) in the test suite, for accessibility and best practices on
 * /auth and on signed-in Today, once each. Its performance score depends on the machine's load: bench/lighthouse.mjs.
 */
const ACCESSIBILITY = 100;
const BEST_PRACTICES = 100;

/** A Lighthouse run of the accessibility and best-practices categories; the scores and the audits that failed. */
async function audit(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility", "best-practices"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    expect(new URL(lhr.finalDisplayedUrl).pathname, "no redirect: the session was used").toBe(new URL(url).pathname);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = (id: string) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`);
    return {
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      failed: { accessibility: failed("accessibility"), bestPractices: failed("best-practices") },
    };
  } finally {
    chrome.kill();
  }
}

test.describe("Lighthouse on mobile", () => {
  // Each run takes 20 to 40 s on this machine, more under load.
  test.setTimeout(240_000);

  test("/auth: accessibility 100, best practices 100", async ({ baseURL }) => {
    const report = await audit(`${baseURL}/auth`);
    expect(report.failed).toEqual({ accessibility: [], bestPractices: [] });
    expect(report.accessibility).toBeGreaterThanOrEqual(ACCESSIBILITY);
    expect(report.bestPractices).toBeGreaterThanOrEqual(BEST_PRACTICES);
  });

  test("signed-in Today: accessibility 100, best practices 100", async ({ page, context, baseURL }) => {
    await signUpMember(page, newUser("lighthouse"));
    const cookie = (await context.cookies())
      .filter((c) => baseURL!.includes(c.domain))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    await page.close();
    const report = await audit(`${baseURL}/`, cookie);
    expect(report.failed).toEqual({ accessibility: [], bestPractices: [] });
    expect(report.accessibility).toBeGreaterThanOrEqual(ACCESSIBILITY);
    expect(report.bestPractices).toBeGreaterThanOrEqual(BEST_PRACTICES);
  });
});
