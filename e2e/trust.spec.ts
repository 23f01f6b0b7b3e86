import { expect, test, type Page } from "@playwright/test";
import { makeMember, newUser, signUpMember } from "./helpers";

test("a signed-out first load logs no console error and breaks no Content-Security-Policy rule", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: /Welcome Back|Create Your Account/ })).toBeVisible();
  await page.getByLabel("Email").fill("someone@example.com"); // the form's schemas run
  expect(problems).toEqual([]);
});

test("a signed-in member's pages run without a Content-Security-Policy violation", async ({ page }) => {
  // The browser reports each violation as a DOM event (not a console call); collect them in the page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const violations: string[] = [];
  const collect = async () =>
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
  await signUpMember(page, newUser("csp"));
  await collect();
  for (const route of ["/", "/path", "/path/create/basics", "/journal", "/settings"]) {
    await page.goto(route);
    await expect(page.locator("main").first()).toBeVisible();
    await collect();
  }
  expect(violations).toEqual([]);
});

test("/robots.txt and the web app manifest answer as what they are, not as the app's page", async ({ request, page }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toContain("User-agent: *");

  await page.goto("/auth");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await request.get(href!);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: unknown[] };
  expect(body).toMatchObject({ name: "Shepherd", start_url: "/", display: "standalone" });
  expect(body.icons.length).toBeGreaterThan(0);
});

test("/success tells the truth: a member who did not pay is not told he is Premium; a visitor is asked to sign in", async ({
  page,
}) => {
  await page.goto("/success");
  await expect(page.getByRole("heading", { name: "Sign in to see your subscription" })).toBeVisible();

  await signUpMember(page, newUser("nopay"));
  await page.clock.install();
  await page.goto("/success");
  await expect(page.getByRole("heading", { name: "Confirming your subscription" })).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole("heading", { name: "Not confirmed yet" })).toBeVisible();
  await expect(page.getByText("Your account is still on the free plan")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Premium" })).toBeHidden();
  await expect(page.locator("header").first().getByRole("link", { name: "Upgrade" })).toBeVisible();
});

/**
 * What Lighthouse's best-practices category looked at in the suite (it is a benchmark now: bench/lighthouse.mjs, which
 * reports the category's score), checked directly on /auth and on a signed-in member's Today: no console error or
 * uncaught exception, no issue the browser raises about the page (a deprecated API, a cookie it would refuse or warn
 * about, mixed content, a blocked resource: Chromium's DevTools issues, Lighthouse's "inspector-issues" and
 * "deprecations"), a doctype and UTF-8, no permission asked for on load, pictures drawn at their own proportions, and
 * pasting into the password field allowed. The cookie is Secure behind an https address: apps/server/test/auth.test.ts.
 * Two tests, as Lighthouse's were.
 */

/** Watches the page from its first script: what it logs, throws and asks for, and the issues the browser raises. */
async function watchPractices(page: Page) {
  await page.addInitScript(() => {
    const asked: string[] = [];
    (window as unknown as { permissionsAsked: string[] }).permissionsAsked = asked;
    const record = (what: string) => () => {
      asked.push(what);
      return Promise.reject(new Error("not in this test"));
    };
    if ("Notification" in window)
      Notification.requestPermission = record("notifications") as typeof Notification.requestPermission;
    if (navigator.geolocation) {
      navigator.geolocation.getCurrentPosition = () => void asked.push("geolocation");
      navigator.geolocation.watchPosition = () => (asked.push("geolocation"), 0);
    }
  });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  const devtools = await page.context().newCDPSession(page);
  devtools.on("Audits.issueAdded", ({ issue }) =>
    problems.push(`issue: ${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`),
  );
  await devtools.send("Audits.enable");
  // What the browser itself writes to the console (a request answered 4xx or 5xx: "Failed to load resource"), which
  // Lighthouse's errors-in-console counts and the page's console events do not carry.
  devtools.on("Log.entryAdded", ({ entry }) => {
    if (entry.level === "error") problems.push(`browser (${entry.source}): ${entry.text} ${entry.url ?? ""}`);
  });
  await devtools.send("Log.enable");
  return problems;
}

/** The page as it is now: a doctype and UTF-8, pasting into a password allowed, pictures in proportion, nothing asked. */
async function expectGoodPractices(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const password = document.querySelector<HTMLInputElement>('input[type="password"]');
    const paste = new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
    password?.dispatchEvent(paste);
    const distorted = Array.from(document.images)
      .filter((img) => img.complete && img.naturalWidth > 0 && img.width > 0 && img.height > 0)
      .filter((img) => getComputedStyle(img).objectFit === "fill")
      .filter(
        (img) =>
          Math.abs(img.width / img.height - img.naturalWidth / img.naturalHeight) > 0.05 * (img.naturalWidth / img.naturalHeight),
      )
      .map((img) => img.currentSrc);
    return {
      doctype: document.doctype?.name ?? null,
      charset: document.characterSet,
      pasteBlocked: password ? paste.defaultPrevented : false,
      distorted,
      asked: (window as unknown as { permissionsAsked: string[] }).permissionsAsked,
    };
  });
  expect(found, where).toEqual({ doctype: "html", charset: "UTF-8", pasteBlocked: false, distorted: [], asked: [] });
}

test("/auth for a visitor: no console error, no browser issue or deprecated API, no permission asked on load", async ({
  page,
}) => {
  const problems = await watchPractices(page);
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: /Welcome Back|Create Your Account/ })).toBeVisible();
  await expectGoodPractices(page, "/auth");
  expect(problems).toEqual([]);
});

test("signed-in Today: no console error, no browser issue or deprecated API, no permission asked on load", async ({ page }) => {
  const problems = await watchPractices(page);
  await makeMember(page.context(), newUser("practices"));
  await page.goto("/");
  await expect(page.getByTestId("streak")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectGoodPractices(page, "Today");
  expect(problems).toEqual([]);
});
