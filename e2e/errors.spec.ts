import { expect, test } from "@playwright/test";
import { newUser, signUpMember } from "./helpers";

test("a rendering crash shows the error screen, reports the exception, and Try Again recovers", async ({ page }) => {
  await signUpMember(page, newUser("crash"));

  // A malformed answer from the server (a profile-less /api/me) makes rendering throw.
  await page.route("**/api/me", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ user: { id: "x" } }) }),
  );
  const report = page.waitForResponse((r) => r.url().endsWith("/api/error-reports") && r.request().method() === "POST");
  await page.goto("/settings");

  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("We encountered an unexpected error. Don't worry, your data is safe.")).toBeVisible();
  await expect(page.getByText("If this problem persists, please contact support.")).toBeVisible();
  await expect(page.getByRole("link", { name: "contact support" })).toHaveAttribute("href", "/settings#support");
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  const reported = await report;
  expect(reported.status()).toBe(201);
  expect(reported.request().postDataJSON().message).toMatch(/undefined|profile/i);

  await page.unroute("**/api/me");
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible({ timeout: 15_000 });
});
