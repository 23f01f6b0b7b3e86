import { expect, test, type Page } from "@playwright/test";
import { expectAccessibleLightAndDark, LAYOUT_ADMIN_EMAIL, newUser, signUpMember, type TestUser } from "./helpers";

/**
 * The app's shell (issue 14): the sidebar from 1024 px and the tab bar below it, the h1 that takes focus after a link,
 * large text on a small phone, the landing page, and what a cold load shows. Every route's title is checked by the
 * route sweep (a11y.spec.ts, a11y-community.spec.ts), which visits them all.
 */

const DESKTOP = { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false };
const PHONE = { viewport: { width: 390, height: 844 } };
const SIDEBAR = ["Today", "The Path", "The Word", "The Pasture", "My Flock", "Journal", "Insights", "Whispers", "Settings"];
const TABS = SIDEBAR.slice(0, 5);

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function box(page: Page, selector: Parameters<Page["locator"]>[0]) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${String(selector)} is not laid out`);
  return b;
}

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test.describe("on a laptop", () => {
  test.use(DESKTOP);

  test("the navigation is a sidebar, the page a bounded column, and a link moves focus to the new page's h1", async ({
    page,
  }) => {
    await signUpMember(page, newUser("wide"));
    const nav = mainNav(page);
    await expect(nav).toHaveCount(1);
    for (const name of SIDEBAR) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");

    // A sidebar down the left, no bar along the bottom.
    const sidebar = await box(page, 'nav[aria-label="Main"]');
    expect(sidebar.x).toBe(0);
    expect(sidebar.y).toBe(0);
    expect(sidebar.height).toBe(768);
    expect(sidebar.width).toBeLessThan(320);
    // The header keeps only what the sidebar does not have.
    await expect(page.getByRole("banner").getByRole("link", { name: "Journal" })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Upgrade" })).toBeVisible();

    await expect(page.getByRole("main")).toHaveCount(1);

    await nav.getByRole("link", { name: "The Path" }).click();
    await expect(page).toHaveURL(/\/path$/);
    // Measured once The Path has rendered (until then the column is still Today's wide one).
    await expect(page.getByRole("heading", { level: 1, name: "The Path" })).toBeVisible();
    // The page is a reading column beside the sidebar, not the width of the screen (Today, with its two columns, is
    // wider: today-guided.spec.ts).
    const column = await box(page, '[data-testid="page-column"]');
    expect(column.x).toBeGreaterThanOrEqual(sidebar.width);
    expect(column.width).toBeLessThanOrEqual(800);
    await expect(nav.getByRole("link", { name: "The Path" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("The Path · Shepherd");
    const heading = page.getByRole("heading", { level: 1, name: "The Path" });
    await expect(heading).toBeFocused();
    // Programmatic focus on a heading draws no ring.
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("none");

    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();
    await expect(page).toHaveTitle("Settings · Shepherd");

    // The sweep (a11y.spec.ts) checks every route on a phone, and today-guided.spec.ts Today in two columns: here a
    // reading column beside the sidebar.
    await page.goto("/word");
    await expectAccessibleLightAndDark(page, "/word on a laptop", () =>
      expect(page.getByRole("button", { name: "Share" })).toBeVisible(),
    );
  });

  test("an admin also finds Admin in the sidebar, and the admin pages sit in the shell with one main landmark", async ({
    page,
  }) => {
    const admin: TestUser = { ...newUser("admin"), email: LAYOUT_ADMIN_EMAIL };
    await signUpMember(page, admin);
    const nav = mainNav(page);
    await nav.getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeFocused();
    await expect(page).toHaveTitle("Dashboard · Admin · Shepherd");
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveTitle("Reports · Admin · Shepherd");
    await expectAccessibleLightAndDark(page, "/admin/reports on a laptop", () =>
      expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible(),
    );
  });

  test("the landing page and the 404 page have no accessibility violations, light or dark", async ({ page }) => {
    await page.goto("/");
    await expectAccessibleLightAndDark(page, "/ on a laptop", () =>
      expect(page.getByRole("heading", { level: 1, name: "Lead with love. Guide with grace." })).toBeVisible(),
    );
    await page.goto("/no/such/page");
    await expectAccessibleLightAndDark(page, "/no/such/page on a laptop", () =>
      expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible(),
    );
  });
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the five tabs stay at the bottom, nothing hides under the bars, and a tab moves focus to the page's h1", async ({
    page,
  }) => {
    await signUpMember(page, newUser("narrow"));
    const nav = mainNav(page);
    for (const name of TABS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ["Journal", "Insights", "Whispers", "Settings", "Admin"])
      await expect(nav.getByRole("link", { name })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Journal" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
    const bar = await box(page, 'nav[aria-label="Main"]');
    expect(bar.x).toBe(0);
    expect(bar.width).toBe(390);
    expect(bar.y + bar.height).toBe(844);

    // The document keeps focused things clear of the sticky header and the fixed tab bar.
    const padding = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { top: parseFloat(style.scrollPaddingTop), bottom: parseFloat(style.scrollPaddingBottom) };
    });
    const header = await box(page, "header");
    expect(padding.top).toBeGreaterThanOrEqual(header.height);
    expect(padding.bottom).toBeGreaterThanOrEqual(bar.height);

    // The first load does not move focus; a tab does, to the new page's h1, at the top of the page.
    await page.goto("/path");
    await expect(page.getByRole("heading", { level: 1, name: "The Path" })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 800));
    await nav.getByRole("link", { name: "The Word" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "The Word" })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(nav.getByRole("link", { name: "The Word" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("The Word · Shepherd");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "The Path" })).toBeFocused();

    // A page that shows no h1 (here a plan whose details never arrive) has its title said in a polite live region.
    await page.goto("/path");
    await page.route("**/api/path/plans/*", () => {});
    await page.getByRole("region", { name: "Find a plan" }).locator('a[href^="/path/"]').first().click();
    await expect(page).toHaveURL(/\/path\/[0-9a-f-]+$/);
    await expect(page.getByTestId("route-announcer")).toHaveText("Plan · The Path · Shepherd");
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("H1");
    await page.unroute("**/api/path/plans/*");
  });

  test("a cold load shows the header, the tabs and a skeleton while it checks who he is", async ({ page }) => {
    await signUpMember(page, newUser("cold"));
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/me", async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Shepherd home" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Today" })).toBeVisible();
    await expect(page.getByTestId("page-skeleton")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading the page" })).toHaveCount(1);
    release();
    await expect(page.getByTestId("streak")).toBeVisible();
    await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
  });

  test("before any script runs, the page already shows the header and a skeleton", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.getByRole("banner")).toContainText("Shepherd");
    await expect(page.getByRole("status")).toHaveText("Loading Shepherd");
  });

  test("the frame is styled before the stylesheet arrives, and the app draws nothing until it has", async ({ page }) => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.css", async (route) => {
      await arrived;
      await route.continue();
    });
    // The moment the app first draws into #root (a link, a heading, a button: the frame has none), is its stylesheet in?
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const root = document.getElementById("root");
        if (!root?.querySelector("a, nav, h1, button, [data-testid]")) return;
        const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet;
        Object.assign(window, { drewWithStylesheet: Boolean(sheet && sheet.cssRules.length > 0) });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const script = page.waitForResponse((response) => /\/assets\/index-[\w-]+\.js$/.test(response.url()));
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByRole("banner")).toContainText("Shepherd");
    // Laid out by the page's own styles while the stylesheet is still on its way, and the app's code has arrived.
    await script;
    const frame = await page.evaluate(() => ({
      header: getComputedStyle(document.querySelector("header")!).position,
      skeleton: getComputedStyle(document.querySelector(".animate-pulse")!).animationName,
      hidden: getComputedStyle(document.querySelector(".sr-only")!).position,
      drawn: "drewWithStylesheet" in window,
    }));
    expect(frame).toEqual({ header: "sticky", skeleton: "pulse", hidden: "absolute", drawn: false });
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Lead with love. Guide with grace." })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { drewWithStylesheet?: boolean }).drewWithStylesheet)).toBe(true);
  });
});

test.describe("the landing page", () => {
  test.use(PHONE);

  test("a visitor at / learns what Shepherd is and goes on to Sign Up or Sign in", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("A daily devotional for Christian men · Shepherd");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Lead with love. Guide with grace." })).toBeVisible();
    for (const step of [
      "Read, or listen",
      "Check in and keep your streak",
      "Walk The Path",
      "Open The Word",
      "Gather your flock",
    ]) {
      await expect(main.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
    await expect(main.getByRole("img", { name: /sketch of the Today screen/ })).toBeVisible();
    // Nothing is drawn from elsewhere: every request stays on this site.
    const origin = new URL(page.url()).origin;
    expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
    await expect(mainNav(page)).toHaveCount(0);

    await main.getByRole("link", { name: "Sign Up" }).first().click();
    await expect(page).toHaveURL(/\/auth\?from=onboarding$/);
    await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveTitle("Sign Up · Shepherd");

    await page.goBack();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect(page).toHaveTitle("Sign In · Shepherd");
  });
});

test.describe("320 px wide with text at 200%", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const bigText = (page: Page) => page.addStyleTag({ content: "html { font-size: 200% }" });

  test("the main pages neither overflow sideways nor cut the header or the tabs", async ({ page }) => {
    for (const route of ["/", "/auth"]) {
      await page.goto(route);
      await bigText(page);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await noHorizontalOverflow(page), `${route} signed out`).toBe(true);
    }

    await signUpMember(page, newUser("large"));
    for (const route of ["/", "/path", "/word", "/pasture", "/flock", "/journal", "/whispers", "/settings"]) {
      await page.goto(route);
      await bigText(page);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await noHorizontalOverflow(page), route).toBe(true);
    }

    // The Upgrade button never lies over the name.
    await page.goto("/journal");
    await bigText(page);
    // Measured once the page's own shell is in place (its header shows the account's links, Upgrade among them).
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toBeVisible();
    const name = await page.getByRole("link", { name: "Shepherd home" }).boundingBox();
    const upgrade = await page.getByRole("link", { name: "Upgrade" }).boundingBox();
    const apart =
      upgrade!.x >= name!.x + name!.width ||
      upgrade!.y >= name!.y + name!.height ||
      name!.x >= upgrade!.x + upgrade!.width ||
      name!.y >= upgrade!.y + upgrade!.height;
    expect(apart).toBe(true);

    // Each tab's label grows with the text and stays whole on the screen.
    for (const tab of TABS) {
      const link = mainNav(page).getByRole("link", { name: tab, exact: true });
      await expect(link).toBeVisible();
      const b = (await link.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(320);
      const fits = await link.evaluate((a) => {
        const label = a.lastElementChild as HTMLElement;
        return { size: parseFloat(getComputedStyle(label).fontSize), cut: label.scrollWidth > label.clientWidth };
      });
      expect(fits.size).toBe(22); // 0.6875rem of a 32 px root
      expect(fits.cut).toBe(false);
    }
  });
});
