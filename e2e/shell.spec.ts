import { expect, test } from "@playwright/test";
import { makeMember, newUser } from "./helpers";

test("settings: the header and pages behave as the spec says", async ({ page }) => {
  await makeMember(page.context(), newUser("shell"));
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByText("You are on the free plan.")).toBeVisible();

  // The header gets a border and shadow once scrolled past 10px.
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute("data-scrolled", "true");

  // The bell opens the notification panel; clicking outside closes it.
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByText("No notifications yet")).toBeVisible();
  await page.mouse.click(20, 600);
  await expect(page.getByText("No notifications yet")).toBeHidden();

  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible();

  await page.goto("/admin");
  await page.waitForURL((url) => url.pathname === "/");

  // The legal pages name the operator and the address the server is configured with (e2e/global-setup.ts).
  await page.goto("/terms");
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText("between you and Shepherd Test Ministries (we, us)")).toBeVisible();
  await expect(page.getByText("write to care@shepherd-test.example")).toBeVisible();
  await expect(page.getByText(/replace this address/)).toHaveCount(0);
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("run by Shepherd Test Ministries (we, us)")).toBeVisible();
});

test("settings: he changes his focus areas and current topics, and signing out has its own place", async ({ page }) => {
  await makeMember(page.context(), newUser("growth"));
  await page.goto("/settings");
  const focus = page.getByRole("group", { name: "Focus areas" });
  const topics = page.getByRole("group", { name: "Current topics" });
  await expect(focus.getByRole("button", { name: "Marriage" })).toHaveAttribute("aria-pressed", "true");
  await expect(topics.getByRole("button", { name: "Pressure at work" })).toHaveAttribute("aria-pressed", "true");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled(); // nothing changed yet

  await focus.getByRole("button", { name: "Marriage" }).click();
  await expect(page.getByText("Choose at least one focus area.")).toBeVisible();
  await expect(save).toBeDisabled();
  await focus.getByRole("button", { name: "Fatherhood" }).click();
  await topics.getByRole("button", { name: "Raising teenagers" }).click();
  await save.click();
  await expect(page.getByText("Your devotionals and plan suggestions follow what you chose.")).toBeVisible();

  await page.reload();
  await expect(focus.getByRole("button", { name: "Fatherhood" })).toHaveAttribute("aria-pressed", "true");
  await expect(focus.getByRole("button", { name: "Marriage" })).toHaveAttribute("aria-pressed", "false");
  await expect(topics.getByRole("button", { name: "Raising teenagers" })).toHaveAttribute("aria-pressed", "true");

  await expect(page.getByRole("heading", { name: "Sign out" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/auth");
});
