import { test } from "@playwright/test";
import { newUser, signIn, signUpThroughOnboarding, SWEEP_ADMIN_EMAIL } from "./helpers";
import { sweep, visit } from "./sweep";

// axe on every route, in the light theme and the dark one, with no violation of any impact (the sweep is in sweep.ts).
// The member here is an admin (SWEEP_ADMIN_EMAIL is in the e2e server's ADMIN_EMAILS), so the admin pages are swept
// too; The Pasture, My Flock and the account's pages are swept by a11y-community.spec.ts, beside this file. The sweep
// is split in three so that each part has its own time (one test of every route took over its 8 minutes in CI).

const admin = { ...newUser("sweep"), email: SWEEP_ADMIN_EMAIL };

test("a visitor's routes have no accessibility violation, light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  for (const route of ["/", "/auth", "/terms", "/privacy", "/success", "/cancel", "/no/such/page"]) await visit(page, route);
});

test("onboarding and the daily routes (Today, The Path, The Word, the journal) have no accessibility violation, light and dark", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signUpThroughOnboarding(page, admin, "/", { onStep: (p) => sweep(p, new URL(p.url()).pathname) });

  const daily = [
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
  ];
  for (const route of daily) await visit(page, route);

  // A plan's page: the first starter plan of the library.
  await page.goto("/path");
  await page.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first().getByRole("link").click();
  await page.waitForURL(/\/path\/[0-9a-f-]{36}$/);
  await sweep(page, "/path/{planId}");
});

test("the admin routes have no accessibility violation, light and dark", async ({ page }) => {
  test.setTimeout(480_000);
  // The admin the test above signed up (tests of a file run in order).
  await signIn(page, admin);
  await page.waitForURL((url) => url.pathname === "/");
  const sections = ["dashboard", "users", "subscriptions", "features", "support", "churn", "reports", "ab-tests", "health"];
  for (const section of [...sections, "generate-images"]) await visit(page, `/admin/${section}`);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };
  await visit(page, `/admin/users/${me.user.id}`);
});
