import { expect, test } from "@playwright/test";
import { makeMember, newUser, signUpMember } from "./helpers";

test("a free user upgrades through the test checkout and is Premium everywhere at once", async ({ page }) => {
  await signUpMember(page, newUser("premium"));
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "Upgrade" })).toBeVisible();
  await expect(header.getByText("Premium", { exact: true })).toBeHidden();

  await page.goto("/path");
  await expect(page.getByTestId("upgrade-prompt-plan_viewing")).toBeVisible();

  await header.getByRole("link", { name: "Upgrade" }).click();
  await page.waitForURL("**/subscription");
  await expect(page.getByRole("heading", { name: "What Premium unlocks" })).toBeVisible();
  await page.getByRole("radio", { name: /Premium Monthly/ }).click();
  await page.getByRole("button", { name: "Start 14-day free trial" }).click();

  await page.waitForURL("**/api/billing/test-checkout/**");
  await expect(page.getByText("No money is taken")).toBeVisible();
  await page.getByRole("button", { name: "Complete test purchase" }).click();

  await page.waitForURL("**/success");
  await expect(page.getByRole("heading", { name: "Welcome to Premium" })).toBeVisible();
  await expect(header.getByText("Premium", { exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Upgrade" })).toBeHidden();

  // Everywhere at once: the prompts are gone and the plan page shows the trial.
  await page.getByRole("link", { name: "Back to Today" }).click();
  await page.getByRole("link", { name: "The Path" }).click();
  await expect(page.getByRole("heading", { name: "The Path" })).toBeVisible();
  await expect(page.getByTestId("upgrade-prompt-plan_viewing")).toBeHidden();
  await page.goto("/subscription");
  await expect(page.getByTestId("subscription-status")).toHaveText("Free trial");
  await expect(page.getByText("Trial ends")).toBeVisible();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const leaving = page.getByRole("dialog", { name: "Cancel Premium?" });
  await leaving.getByLabel("Why are you leaving? (optional)").fill("Trying it for a month first.");
  await leaving.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText("Your plan will not renew")).toBeVisible();
  await expect(page.getByText("Premium ends")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByText("You are on Shepherd Premium.")).toBeVisible();
});

test("leaving the test checkout lands on /cancel and keeps the free plan", async ({ page }) => {
  await makeMember(page.context(), newUser("cancel"));
  await page.goto("/subscription");
  await page.getByRole("button", { name: "Start 14-day free trial" }).click();
  await page.waitForURL("**/api/billing/test-checkout/**");
  await page.getByRole("button", { name: "Cancel and go back" }).click();
  await page.waitForURL("**/cancel");
  await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
  await expect(page.getByText("No payment was taken.")).toBeVisible();
  await expect(page.locator("header").first().getByRole("link", { name: "Upgrade" })).toBeVisible();
});

test("the plan page speaks plainly: usage as 'Audio: 0 of 5 this month', no 0 of 0 rows, and the plans are one radio group", async ({
  page,
}) => {
  await makeMember(page.context(), newUser("usage"));
  await page.goto("/subscription");
  await expect(page.getByText("Devotionals: 0 of 1 this month")).toBeVisible();
  await expect(page.getByText("Audio: 0 of 5 this month")).toBeVisible();
  await expect(page.getByText("Journal entries: 0 of 10 this month")).toBeVisible();
  await expect(page.getByText(/Images:|Gathering content:/)).toHaveCount(0);

  const annual = page.getByRole("radio", { name: /Premium Annual/ });
  const monthly = page.getByRole("radio", { name: /Premium Monthly/ });
  await expect(annual).toBeChecked();
  await annual.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(monthly).toBeChecked();
  await expect(monthly).toBeFocused();
  await expect(page.getByRole("button", { name: "Start 14-day free trial of Premium Monthly" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(annual).toBeChecked();
  await expect(annual).toBeFocused();
});
