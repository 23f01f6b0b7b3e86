import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, makeMember, newUser } from "./helpers";

// Issue 18, Settings' Daily reminder on a phone. Service workers are blocked in these specs (playwright.config.ts), so
// this browser cannot take pushes: the section says so and turns the email reminder on instead.
test.use({ viewport: { width: 320, height: 700 } });

test("daily reminder: turn on, pick the time and days, reload: still there; keyboard operable, no overflow at 320 px", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"]);
  await makeMember(page.context(), newUser("reminders"));
  await page.goto("/settings#reminders");
  const section = page.locator("#reminders");
  await expect(section.getByRole("heading", { name: "Daily reminder" })).toBeVisible();

  const on = section.getByRole("switch", { name: "Remind me each day" });
  await expect(on).toHaveAttribute("aria-checked", "false");
  await on.focus();
  await page.keyboard.press("Enter");
  await expect(on).toHaveAttribute("aria-checked", "true");
  await expect(section.getByText("This browser cannot show notifications.")).toBeVisible();
  await expect(section.getByRole("switch", { name: "Email me the reminder" })).toHaveAttribute("aria-checked", "true");

  const time = section.getByLabel("Time");
  await time.fill("06:45");
  await expect.poll(async () => (await page.request.get("/api/reminders")).json()).toMatchObject({ time: "06:45" });

  const days = section.getByRole("group", { name: "Days" });
  // Every day is chosen at first; keep Monday to Friday.
  for (const day of ["Sunday", "Saturday"]) {
    const button = days.getByRole("button", { name: day });
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await button.focus();
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-pressed", "false");
  }
  await expect.poll(async () => (await (await page.request.get("/api/reminders")).json()).weekdays).toEqual([1, 2, 3, 4, 5]);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(on).toHaveAttribute("aria-checked", "true");
  await expect(section.getByLabel("Time")).toHaveValue("06:45");
  for (const [day, pressed] of [
    ["Sunday", "false"],
    ["Monday", "true"],
    ["Friday", "true"],
    ["Saturday", "false"],
  ] as const) {
    await expect(days.getByRole("button", { name: day })).toHaveAttribute("aria-pressed", pressed);
  }

  // The test reminder goes by email here (no push on this browser).
  await section.getByRole("button", { name: "Send a test reminder" }).click();
  await expect(page.getByText("Test reminder sent")).toBeVisible();
});
