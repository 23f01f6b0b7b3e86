import { expect, test } from "@playwright/test";
import { makeMember, newUser, signUpThroughOnboarding, SWEEP_ADMIN_EMAIL } from "./helpers";
import { byHeading, sweep, visit, type ExpectedTitle } from "./sweep";

// The route sweep (sweep.ts): every route's title and axe on it, light and dark. This file has the visitor's routes,
// onboarding, the daily routes and the admin area; The Pasture, My Flock and the account's pages are in
// a11y-community.spec.ts, beside it. Each test stands alone, so the sweep is spread over the workers.

test("a visitor's routes have their own titles and no accessibility violation, light and dark", async ({ page }) => {
  const routes: Array<[string, ExpectedTitle]> = [
    ["/", "A daily devotional for Christian men · Shepherd"],
    ["/auth", "Sign In · Shepherd"],
    ["/auth?from=onboarding", "Sign Up · Shepherd"],
    ["/terms", "Terms of Service · Shepherd"],
    ["/privacy", "Privacy Policy · Shepherd"],
    ["/success", "Subscription · Shepherd"],
    ["/cancel", "Checkout Cancelled · Shepherd"],
    ["/no/such/page", "Page Not Found · Shepherd"],
  ];
  for (const [route, title] of routes) await visit(page, route, title);
});

test("onboarding's steps have their own titles and no accessibility violation, light and dark", async ({ page }) => {
  const titles: Record<string, string> = {
    focus: "Your Focus",
    intentions: "Your Intentions",
    profile: "Your Profile",
    "plan-selection": "Your First Plan",
    complete: "You're Ready",
  };
  await signUpThroughOnboarding(page, newUser("sweep"), "/", {
    onStep: async (p) => {
      const step = new URL(p.url()).pathname.split("/").pop()!;
      await sweep(p, `/onboarding/${step}`, `${titles[step]} · Shepherd`);
      if (step !== "focus") return;
      // The welcome step, which sign-up passes by.
      await visit(p, "/onboarding/welcome", "Welcome · Shepherd");
      await p.goto("/onboarding/focus");
      await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
    },
  });
});

test("Today and The Path have their own titles and no accessibility violation, light and dark", async ({ page }) => {
  await makeMember(page.context(), newUser("daily"));
  const routes: Array<[string, ExpectedTitle]> = [
    ["/", "Today · Shepherd"],
    ["/path", "The Path · Shepherd"],
    ["/path/create", "Create your own plan · Shepherd"],
    ["/path/create/basics", /^Basics \(step 1 of 4\): Create your own plan · Shepherd$/],
    ["/path/builder", "Plan Builder · Shepherd"],
  ];
  for (const [route, title] of routes) await visit(page, route, title);

  // A plan's page: the first starter plan of the library.
  await page.goto("/path");
  await page.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first().getByRole("link").click();
  await page.waitForURL(/\/path\/[0-9a-f-]{36}$/);
  await sweep(page, "/path/{planId}", byHeading("The Path"));
});

test("The Word and the journal have their own titles and no accessibility violation, light and dark", async ({ page }) => {
  await makeMember(page.context(), newUser("reader"));
  const routes: Array<[string, ExpectedTitle]> = [
    ["/word", "The Word · Shepherd"],
    ["/word/search", "Search · The Word · Shepherd"],
    ["/word/notes", "My Highlights and Notes · The Word · Shepherd"],
    // The Word's own pages may name the book or chapter before "The Word".
    ["/word/john", /^(.+ · )?The Word · Shepherd$/],
    ["/word/john/3", /^(.+ · )?The Word · Shepherd$/],
    ["/journal", "Journal · Shepherd"],
  ];
  for (const [route, title] of routes) await visit(page, route, title);
});

test("the admin routes have their own titles and no accessibility violation, light and dark", async ({ page }) => {
  // SWEEP_ADMIN_EMAIL is in the e2e server's ADMIN_EMAILS.
  await makeMember(page.context(), { ...newUser("sweepadmin"), email: SWEEP_ADMIN_EMAIL });
  // Each section names itself before "Admin" (those the table does not name, by their page).
  const named = /^.+ · Admin · Shepherd$/;
  const sections: Array<[string, ExpectedTitle]> = [
    ["dashboard", "Dashboard · Admin · Shepherd"],
    ["users", "Users · Admin · Shepherd"],
    ["subscriptions", "Subscriptions · Admin · Shepherd"],
    ["features", named],
    ["support", named],
    ["churn", named],
    ["reports", "Reports · Admin · Shepherd"],
    ["ab-tests", named],
    ["health", "Health · Admin · Shepherd"],
    ["generate-images", named],
  ];
  for (const [section, title] of sections) await visit(page, `/admin/${section}`, title);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };
  await visit(page, `/admin/users/${me.user.id}`, byHeading("Users · Admin"));
});
