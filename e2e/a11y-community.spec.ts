import { expect, test } from "@playwright/test";
import { newUser, signUpMember } from "./helpers";
import { sweep, visit } from "./sweep";

// axe on The Pasture's, My Flock's and the account's routes, light and dark (the rest of the sweep is a11y.spec.ts).

test("The Pasture, My Flock and the account's routes have no accessibility violation, light and dark", async ({ page }) => {
  test.setTimeout(480_000);
  const member = newUser("sweepc");
  await signUpMember(page, member);

  const routes = [
    "/pasture",
    "/pasture/library",
    "/pasture/gatherings",
    "/pasture/library/new",
    "/pasture/gathering/sweep-room/join",
    "/pasture/gathering/sweep-room",
    "/flock",
    "/flock/join/NOSUCHCODE",
    `/profile/@${member.username}`,
    "/settings",
    "/insights",
    "/whispers",
    "/subscription",
  ];
  for (const route of routes) await visit(page, route);

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
});
