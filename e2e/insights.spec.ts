import { expect, test, type Page } from "@playwright/test";
import { seedCheckIns } from "./database";
import { becomePremium, expectNoViolations, newUser, signUpMember } from "./helpers";

const INSIGHT_LIMIT = "You've reached your monthly limit of 1 insights. Upgrade to Premium for unlimited access.";

/** A chart card by its heading. */
const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true }).first();

test("Insights: 30 days of check-ins as charts, a reflection on the week and the month, the archive, delete", async ({
  page,
}) => {
  const user = newUser("insight");
  await signUpMember(page, user);
  await becomePremium(page);
  const today = await seedCheckIns(user.email, 30);
  // 4 weeks end with this one (Sunday to Saturday): three whole weeks and this one up to today.
  const daysInRange = 21 + new Date(`${today}T00:00:00Z`).getUTCDay() + 1;

  // A way in from Settings.
  await page.goto("/settings");
  await page.getByRole("link", { name: /^Insights/ }).click();
  await page.waitForURL("**/insights");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Insights · Shepherd");

  // The charts, each with what it shows in words.
  const connection = card(page, "Connection with God");
  await expect(connection.getByRole("img", { name: "Connection with God, chart" })).toBeVisible();
  await expect(connection.locator("canvas").first()).toBeVisible();
  await expect(
    connection.getByText(new RegExp(`^In these 4 weeks your connection averaged \\d+ \\(.+\\), set on ${daysInRange} days\\.`)),
  ).toBeVisible();
  await expect(page.getByTestId("insights-streak")).toHaveText("30 days streak");
  await expect(card(page, "Your days").getByText(/^Current streak: 30 days\./)).toBeVisible();
  await expect(
    card(page, "Mood through the weeks").getByText(`You checked in on ${daysInRange} days:`, { exact: false }),
  ).toBeVisible();
  await expect(card(page, "Journal entries per week").getByText(/journal entries in these 4 weeks/)).toBeVisible();
  await expect(
    card(page, "Focus areas over time").getByText(/^Most chosen in these 4 weeks: (Marriage|Prayer Life) \(\d+ days\)/),
  ).toBeVisible();

  // The same numbers as a table.
  await connection.getByRole("button", { name: "Table" }).click();
  const table = connection.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Connection" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(1 + daysInRange);
  await connection.getByRole("button", { name: "Chart" }).click();
  await expect(connection.locator("canvas").first()).toBeVisible();

  // A longer range.
  await page.getByRole("group", { name: "Range" }).getByRole("button", { name: "A year" }).click();
  await expect(connection.getByText(/^In this past year your connection averaged/)).toBeVisible();
  await expect(
    card(page, "Your days")
      .getByRole("table", { name: /\d{4}$/ })
      .first(),
  ).toBeVisible();

  // Reflect on the week, then the month: each is kept in the archive, newest first.
  await page.getByRole("button", { name: "Reflect on my week" }).click();
  await expect(page.getByText("Your insight is ready")).toBeVisible();
  const fresh = page.getByRole("article", { name: /./ }).first();
  await expect(fresh.getByText("What rose")).toBeVisible();
  await expect(fresh.getByText(/\(WEB\)$/)).toBeVisible();
  await page.getByRole("button", { name: "Reflect on my month" }).click();
  await expect(page.getByText(/^The month of /).first()).toBeVisible();

  const archive = page.getByRole("list", { name: "Your insights" });
  // The archive's own items (an open insight has lists of its own).
  const items = archive.locator(":scope > li");
  await expect(items).toHaveCount(2);
  await expect(
    archive
      .getByRole("listitem")
      .first()
      .getByText(/^The month of /),
  ).toBeVisible();
  await expect(
    archive
      .getByRole("listitem")
      .nth(1)
      .getByText(/^The week of /),
  ).toBeVisible();

  // Read the week's: its words, and the charts as they were.
  const week = items.nth(1);
  await week.getByRole("button", { name: "Read" }).click();
  await expect(week.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
  await expect(week.getByText("The numbers as they were")).toBeVisible();
  await expect(week.getByRole("row", { name: /^Days kept 7/ })).toBeVisible();
  await expect(week.getByText(/^In this week your connection averaged/)).toBeVisible();

  // Delete the month's.
  await items.first().getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this insight?" });
  await dialog.getByRole("button", { name: "Delete insight" }).click();
  await expect(page.getByText("Insight deleted")).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.reload();
  await expect(items).toHaveCount(1);
});

test("a free member's one insight a month: then Usage Limit Reached and the way to Premium", async ({ page }) => {
  // The charts run within the Content-Security-Policy (no violation reported by the browser).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const user = newUser("insightcap");
  await signUpMember(page, user);
  await seedCheckIns(user.email, 10);
  await page.goto("/insights");
  await expect(card(page, "Connection with God").locator("canvas").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await expect(page.getByText("Free plan: 1 insight a month; 0 used this month.")).toBeVisible();
  await page.getByRole("button", { name: "Reflect on my week" }).click();
  await expect(page.getByText("Your insight is ready")).toBeVisible();

  const limit = page.getByRole("status").filter({ hasText: "Usage Limit Reached" });
  await expect(limit).toBeVisible();
  await expect(limit.getByText(INSIGHT_LIMIT)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reflect on my month" })).toBeDisabled();
  await page.reload();
  await expect(limit.getByText(INSIGHT_LIMIT)).toBeVisible();
  await limit.getByRole("link", { name: "Upgrade to Premium" }).click();
  await page.waitForURL("**/subscription");
  await expect(page.getByText("Insights: 1 of 1 this month")).toBeVisible();
});

test("Insights read well in light and dark: no accessibility violation, with an insight open", async ({ page }) => {
  const user = newUser("insightaxe");
  await signUpMember(page, user);
  await seedCheckIns(user.email, 30);
  await page.goto("/insights");
  await page.getByRole("button", { name: "Reflect on my week" }).click();
  await expect(page.getByText("Your insight is ready")).toBeVisible();
  await page.getByRole("list", { name: "Your insights" }).getByRole("button", { name: "Read" }).click();
  await expect(page.getByText("The numbers as they were")).toBeVisible();
  // One chart as its table too.
  await card(page, "Mood through the weeks").getByRole("button", { name: "Table" }).click();
  await expect(card(page, "Mood through the weeks").getByRole("table")).toBeVisible();
  await expectNoViolations(page, "/insights, light");

  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(card(page, "Connection with God").locator("canvas").first()).toBeVisible();
  await page.getByRole("list", { name: "Your insights" }).getByRole("button", { name: "Read" }).click();
  await expect(page.getByText("The numbers as they were")).toBeVisible();
  await expectNoViolations(page, "/insights, dark", { contrastOnly: true });

  // The whispers archive and the insights lead to each other.
  await page.getByRole("link", { name: "The Shepherd's Whispers" }).click();
  await page.waitForURL("**/whispers");
  await page.getByRole("link", { name: "Your insights" }).click();
  await page.waitForURL("**/insights");
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

  test("the charts lay out two by two beside the sidebar, each wide enough to read", async ({ page }) => {
    const user = newUser("insightwide");
    await signUpMember(page, user);
    await seedCheckIns(user.email, 30);
    await page.goto("/insights");
    const mood = card(page, "Mood through the weeks");
    const journal = card(page, "Journal entries per week");
    await expect(mood.locator("canvas").first()).toBeVisible();
    const [left, right] = [(await mood.boundingBox())!, (await journal.boundingBox())!];
    expect(Math.abs(left.y - right.y)).toBeLessThan(4);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
    expect(left.width).toBeGreaterThan(420);
  });
});
