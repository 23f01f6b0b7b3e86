import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations, newUser, signUpThroughOnboarding, SWEEP_ADMIN_EMAIL } from "./helpers";

// axe on every route, in the light theme and the dark one, with no violation of any impact. The member is an admin
// (SWEEP_ADMIN_EMAIL is in the e2e server's ADMIN_EMAILS), so the admin pages are swept too.

/** Waits for the page's heading (its content has loaded), then checks it in light and in dark. */
async function sweep(page: Page, where: string) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectNoViolations(page, `${where} (light)`);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoViolations(page, `${where} (dark)`);
  await page.emulateMedia({ colorScheme: "light" });
}

async function visit(page: Page, route: string) {
  await page.goto(route);
  await sweep(page, route);
}

test("a visitor's routes have no accessibility violation, light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  for (const route of ["/", "/auth", "/terms", "/privacy", "/success", "/cancel", "/no/such/page"]) await visit(page, route);
});

test("onboarding and every member and admin route have no accessibility violation, light and dark", async ({ page }) => {
  test.setTimeout(480_000);
  const admin = { ...newUser("sweep"), email: SWEEP_ADMIN_EMAIL };
  await signUpThroughOnboarding(page, admin, "/", { onStep: (p) => sweep(p, new URL(p.url()).pathname) });

  const member = [
    "/",
    "/path",
    "/path/create",
    "/path/create/basics",
    "/path/builder",
    "/word",
    "/word/search",
    "/word/notes",
    "/word/john",
    "/word/john/3",
    "/journal",
    "/pasture",
    "/pasture/library",
    "/pasture/gatherings",
    "/pasture/library/new",
    "/pasture/gathering/sweep-room/join",
    "/pasture/gathering/sweep-room",
    "/flock",
    "/flock/join/NOSUCHCODE",
    `/profile/@${admin.username}`,
    "/settings",
    "/insights",
    "/whispers",
    "/subscription",
  ];
  for (const route of member) await visit(page, route);

  // A plan's page: the first starter plan of the library.
  await page.goto("/path");
  await page.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first().getByRole("link").click();
  await page.waitForURL(/\/path\/[0-9a-f-]{36}$/);
  await sweep(page, "/path/{planId}");

  // A series, its first session (open to a free member) and its second (the series_viewing prompt instead).
  await page.goto("/pasture/library");
  await page.getByRole("list", { name: "Series" }).getByRole("listitem").first().getByRole("link").click();
  await page.waitForURL(/\/pasture\/library\/[0-9a-f-]{36}$/);
  await sweep(page, "/pasture/library/{seriesId}");
  const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await sessions.first().getByRole("link").click();
  await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Discussion questions" })).toBeVisible();
  await sweep(page, "/pasture/library/{seriesId}/sessions/{sessionId} (open)");
  await page.getByRole("navigation", { name: "Sessions" }).getByRole("link").last().click();
  await expect(page.getByTestId("upgrade-prompt-series_viewing")).toBeVisible();
  await sweep(page, "/pasture/library/{seriesId}/sessions/{sessionId} (Premium)");

  const sections = ["dashboard", "users", "subscriptions", "features", "support", "churn", "reports", "ab-tests", "health"];
  for (const section of [...sections, "generate-images"]) await visit(page, `/admin/${section}`);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };
  await visit(page, `/admin/users/${me.user.id}`);
});
