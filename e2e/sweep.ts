import { expect, type Page } from "@playwright/test";
import { expectNoViolations } from "./helpers";

// The accessibility sweep (a11y.spec.ts, a11y-community.spec.ts): axe on a page in the light theme and the dark one,
// with no violation of any impact.

/** Waits for the page's heading (its content has loaded), then checks it in light and in dark. */
export async function sweep(page: Page, where: string) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectNoViolations(page, `${where} (light)`);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoViolations(page, `${where} (dark)`);
  await page.emulateMedia({ colorScheme: "light" });
}

export async function visit(page: Page, route: string) {
  await page.goto(route);
  await sweep(page, route);
}
