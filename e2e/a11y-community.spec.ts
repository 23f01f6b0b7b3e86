import { expect, test } from "@playwright/test";
import { makeMember, newUser } from "./helpers";
import { byHeading, sweep, visit, type ExpectedTitle } from "./sweep";

// The route sweep (sweep.ts) of The Pasture's, My Flock's and the account's routes: each one's title and axe on it,
// light and dark (the rest of the sweep is a11y.spec.ts).

test("The Pasture and its series library have their own titles and no accessibility violation, light and dark", async ({
  page,
}) => {
  await makeMember(page.context(), newUser("sweepp"));
  const routes: Array<[string, ExpectedTitle]> = [
    ["/pasture", "The Pasture · Shepherd"],
    ["/pasture/library", "Series Library · The Pasture · Shepherd"],
    ["/pasture/gatherings", "Gatherings · The Pasture · Shepherd"],
    ["/pasture/library/new", /^.+ · The Pasture · Shepherd$/],
    ["/pasture/gathering/sweep-room/join", "Join the Gathering · The Pasture · Shepherd"],
    // The room is entered only through its pre-join screen: its address alone leads there.
    ["/pasture/gathering/sweep-room", "Join the Gathering · The Pasture · Shepherd"],
  ];
  for (const [route, title] of routes) await visit(page, route, title);

  // A series, its first session (open to a free member) and its second (the series_viewing prompt instead).
  await page.goto("/pasture/library");
  await page.getByRole("list", { name: "Series" }).getByRole("listitem").first().getByRole("link").click();
  await page.waitForURL(/\/pasture\/library\/[0-9a-f-]{36}$/);
  await sweep(page, "/pasture/library/{seriesId}", byHeading("Series Library"));
  const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await sessions.first().getByRole("link").click();
  await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Discussion questions" })).toBeVisible();
  await sweep(page, "/pasture/library/{seriesId}/sessions/{sessionId} (open)");
  await page.getByRole("navigation", { name: "Sessions" }).getByRole("link").last().click();
  await expect(page.getByTestId("upgrade-prompt-series_viewing")).toBeVisible();
  await sweep(page, "/pasture/library/{seriesId}/sessions/{sessionId} (Premium)");
});

test("My Flock and the account's pages have their own titles and no accessibility violation, light and dark", async ({
  page,
}) => {
  const member = newUser("sweepc");
  await makeMember(page.context(), member);
  const routes: Array<[string, ExpectedTitle]> = [
    ["/flock", "My Flock · Shepherd"],
    ["/flock/join/NOSUCHCODE", "Join a Flock · My Flock · Shepherd"],
    [`/profile/@${member.username}`, byHeading("Profile")],
    ["/settings", "Settings · Shepherd"],
    ["/insights", "Insights · Shepherd"],
    ["/whispers", "Whispers · Shepherd"],
    ["/subscription", "Premium · Shepherd"],
    // A member's own view of the pages a visitor sees too, in the app's shell.
    ["/terms", "Terms of Service · Shepherd"],
    ["/no/such/page", "Page Not Found · Shepherd"],
  ];
  for (const [route, title] of routes) await visit(page, route, title);
});
