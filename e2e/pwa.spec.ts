import { expect, test, type Page } from "@playwright/test";
import { newUser, signIn, signOutFromSettings, signUpMember } from "./helpers";

// Every other spec blocks service workers (playwright.config.ts); these are about it.
test.use({ serviceWorkers: "allow" });

/** Waits until the service worker is active and controls the page. */
async function workerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const memberCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("shepherd-member-")));

test("installable: the browser finds the manifest, its icons and the service worker", async ({ page }) => {
  await page.goto("/auth");
  const response = await page.request.get("/manifest.webmanifest");
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as { icons: Array<{ src: string; purpose: string; sizes: string }> };
  for (const size of ["192x192", "512x512"]) {
    expect(manifest.icons.some((icon) => icon.purpose === "maskable" && icon.sizes === size)).toBe(true);
  }
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
  // The worker is never cached for long, so a new version is found.
  expect((await page.request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");

  await workerControls(page);
  const cdp = await page.context().newCDPSession(page);
  const found = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
  expect(found.url).toMatch(/\/manifest\.webmanifest$/);
  expect(found.errors).toEqual([]);
  const installability = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // Playwright's contexts are incognito profiles, where Chromium never installs: that one is the test's, not the app's.
  expect(installability.installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
});

test("offline: Today read and journal entries written with the network cut, listed as waiting (the care card when one syncs); they sync to another device; signing out deletes what the worker kept", async ({
  page,
  context,
  browser,
}) => {
  const user = newUser("offline");
  await signUpMember(page, user);
  await workerControls(page);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  const devotional = await title.textContent();
  expect(await memberCaches(page)).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(devotional!);
  await expect(page.getByText("(WEB)")).toBeVisible();
  await expect(page.getByText("You are offline.")).toBeVisible();

  // The journal, opened once online, opens offline; an entry written there waits on the device.
  await context.setOffline(false);
  await page.goto("/journal");
  await expect(page.getByRole("button", { name: "New entry" })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("button", { name: "New entry" }).click();
  const words = "Written in a cabin with no signal: grateful for the quiet.";
  await page.getByLabel("New journal entry").fill(words);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved on this device, will sync")).toBeVisible();
  // Listed at once, marked, and still after a reload.
  const waiting = page.getByRole("list", { name: "Entries waiting to sync" });
  await expect(waiting).toContainText(words);
  await expect(waiting).toContainText("Waiting to sync");
  await page.reload();
  await expect(waiting).toContainText(words);
  await context.setOffline(false);
  await expect(page.getByText("Synced")).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText(words)).toHaveCount(1);

  // An entry written offline with words of self-harm: when it syncs, the care card is shown (decision 005).
  await context.setOffline(true);
  await page.getByRole("button", { name: "New entry" }).click();
  await page.getByLabel("New journal entry").fill("Honestly, some nights I think about suicide.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(waiting).toContainText("some nights");
  await context.setOffline(false);
  const care = page.getByRole("alert").filter({ hasText: "You don't have to carry this alone" });
  await expect(care).toBeVisible();
  await expect(care).toContainText("call or text 988");

  // Another device: the entry is there, once.
  const other = await browser.newContext({ serviceWorkers: "block" });
  const phone = await other.newPage();
  await signIn(phone, user);
  await phone.waitForURL((url) => url.pathname === "/");
  await phone.goto("/journal");
  await expect(phone.getByText(words)).toHaveCount(1);
  await other.close();

  await signOutFromSettings(page);
  expect(await memberCaches(page)).toEqual([]);
});

test("offline: Mark Complete and the check-in are kept on the device, shown done across a reload, and sync to another device", async ({
  page,
  context,
  browser,
}) => {
  const user = newUser("offdone");
  await signUpMember(page, user);
  await workerControls(page);
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page.getByText("Saved on this device, will sync").first()).toBeVisible();
  const bar = page.getByTestId("action-bar");
  await expect(bar).toContainText("Completed today");
  await expect(bar).toContainText("Waiting to sync");

  await page.getByRole("button", { name: "Check in" }).click();
  await page.getByRole("radio", { name: "Good", exact: true }).check();
  await page.getByRole("button", { name: "Fatherhood" }).click();
  await page.getByRole("button", { name: "Save check-in" }).click();
  const summary = page.getByTestId("checkin-summary");
  await expect(summary).toContainText("Fatherhood");
  await expect(page.getByText("2 changes are waiting on this device to sync.")).toBeVisible();

  // A reload with the network still cut: the worker's answers do not have them yet; the device's queue does.
  await page.reload();
  await expect(bar).toContainText("Completed today");
  await expect(bar).toContainText("Waiting to sync");
  await expect(summary).toContainText("Good");
  await expect(summary).toContainText("Fatherhood");

  await context.setOffline(false);
  await expect(page.getByText("Synced")).toBeVisible();
  await expect(page.getByText("2 changes are saved.")).toBeVisible();
  await expect(bar).toContainText("Completed today");
  await expect(bar).not.toContainText("Waiting to sync");
  await expect(page.getByText("waiting on this device to sync")).toHaveCount(0);

  // Another device: the devotional is complete and the check-in is there.
  const other = await browser.newContext({ serviceWorkers: "block" });
  const phone = await other.newPage();
  await signIn(phone, user);
  await phone.waitForURL((url) => url.pathname === "/");
  await expect(phone.getByTestId("action-bar")).toContainText("Completed today");
  await expect(phone.getByTestId("checkin-summary")).toContainText("Fatherhood");
  await other.close();
});

test("offline: a plan day marked complete and a highlight are kept on the device, shown across a reload, and sync to another device", async ({
  page,
  context,
  browser,
}) => {
  const user = newUser("offpath");
  await signUpMember(page, user, "/", { firstPlan: true });
  await workerControls(page);
  // Opened once online, so the worker has them: the plan's day 1 and John 3.
  await page.getByRole("region", { name: "Today on your Path" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/path\/[0-9a-f-]{36}\?day=1$/);
  const planUrl = page.url();
  const day = page.getByRole("article");
  await expect(day.getByRole("button", { name: "Mark day complete" })).toBeVisible();
  await page.goto("/word/john/3");
  const verse16 = page.locator('[data-verse="16"]').first();
  await expect(verse16).toContainText("For God so loved the world");

  await context.setOffline(true);
  await page.getByRole("button", { name: /^Verse 16: For God so loved/ }).click();
  await page.getByRole("region", { name: "Selected: John 3:16" }).getByRole("button", { name: "Highlight yellow" }).click();
  await expect(page.getByText("Saved on this device, will sync").first()).toBeVisible();
  await expect(verse16).toHaveClass(/bg-yellow-200/);
  await page.reload();
  await expect(verse16).toHaveClass(/bg-yellow-200/);

  await page.goto(planUrl);
  await day.getByRole("button", { name: "Mark day complete" }).click();
  await expect(day.getByText("Day 1 complete")).toBeVisible();
  await expect(day.getByText("Waiting to sync")).toBeVisible();
  await page.reload();
  await expect(day.getByText("Day 1 complete")).toBeVisible();
  await expect(day.getByText("Waiting to sync")).toBeVisible();
  await expect(page.getByText("2 changes are waiting on this device to sync.")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("Synced")).toBeVisible();
  await expect(day.getByText("Day 1 complete")).toBeVisible();
  await expect(day.getByText("Waiting to sync")).toHaveCount(0);

  // Another device: the day is complete and the verse highlighted.
  const other = await browser.newContext({ serviceWorkers: "block" });
  const phone = await other.newPage();
  await signIn(phone, user);
  await phone.waitForURL((url) => url.pathname === "/");
  await phone.goto(planUrl);
  await expect(phone.getByRole("article").getByText("Day 1 complete")).toBeVisible();
  await phone.goto("/word/john/3");
  await expect(phone.locator('[data-verse="16"]').first()).toHaveClass(/bg-yellow-200/);
  await other.close();
});

/** What Chromium sends when it would install the app (an incognito profile never does): a prompt that records its use. */
async function browserOffersInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "dismissed" }),
    });
    window.dispatchEvent(offer);
  });
}

test("the install offer: on his fourth day here, once the browser offers the install, 'Install Shepherd' shows once, and its button opens the browser's prompt", async ({
  page,
}) => {
  const user = newUser("install");
  await signUpMember(page, user);
  // Three earlier days on which he opened Shepherd in this browser.
  await page.evaluate(() =>
    localStorage.setItem("shepherd.days-used", JSON.stringify(["2026-01-01", "2026-01-02", "2026-01-03"])),
  );
  // The page's clock is the test's: the offer's wait after the page loaded (3 s) is passed by moving it on, not by sleeping.
  await page.clock.install();
  await page.reload();
  await expect(page.getByTestId("streak")).toBeVisible();
  const offer = page.getByText("Install Shepherd", { exact: true });
  // Past the offer's wait after the page loaded: still nothing, as the browser has not offered the install.
  await page.clock.runFor(4_000);
  await expect(offer).toHaveCount(0);

  await browserOffersInstall(page);
  await expect(offer).toBeVisible();
  await expect(page.getByText("Keep today's reading on your home screen, even without a signal.")).toBeVisible();
  await page.getByRole("button", { name: "Install", exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);

  // Offered once: the next load with the browser's offer says nothing.
  await page.reload();
  await expect(page.getByTestId("streak")).toBeVisible();
  await browserOffersInstall(page);
  await page.clock.runFor(4_000);
  await expect(offer).toHaveCount(0);
});
