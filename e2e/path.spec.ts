import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, newUser, signUpMember, signUpThroughOnboarding } from "./helpers";

test("a new member starts a plan in onboarding, does day 1 from Today, and The Path shows his progress", async ({ page }) => {
  await signUpThroughOnboarding(page, newUser("pathfinder"), "/", { firstPlan: true });

  // Today: "Today on your Path: Day 1 of n, {title}".
  const onPath = page.getByRole("region", { name: "Today on your Path" });
  await expect(onPath).toBeVisible();
  const line = onPath.getByRole("link").first();
  await expect(line).toContainText(/Day 1 of \d+, .+/);
  const dayCount = Number(/Day 1 of (\d+)/.exec((await line.textContent()) ?? "")![1]);
  await line.click();

  // The plan's page with day 1 open: the passage as text, the reading, the challenge.
  await expect(page).toHaveURL(/\/path\/[0-9a-f-]{36}\?day=1$/);
  const day = page.getByRole("article");
  await expect(day.getByText(`Day 1 of ${dayCount}`)).toBeVisible();
  await expect(day.locator("figure blockquote").first()).not.toBeEmpty();
  await expect(day.getByRole("link", { name: /, open in The Word$/ }).first()).toBeVisible();
  await expect(day.getByRole("heading", { name: "Today's challenge" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Day 2 .*\(opens/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  // 320 px wide: nothing runs off the side (the day chips scroll within their row).
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 412, height: 915 });

  const progress = page.getByRole("progressbar", { name: /of the plan done/ });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await day.getByRole("button", { name: "Mark day complete" }).click();
  await expect(page.getByText("Day 1 complete").first()).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", String(Math.round(100 / dayCount)));

  // The day's journal is a journal entry like any other.
  await day.getByLabel("Answer a question, or write what you noticed today.").fill("I asked her how I can pray for her.");
  await day.getByRole("button", { name: "Save to journal" }).click();
  await expect(page.getByText("Journal saved")).toBeVisible();
  await expect(day.getByText("I asked her how I can pray for her.")).toBeVisible();

  // The Path: my plan with its bar moved; Today marks the day done.
  await page.getByRole("link", { name: "The Path" }).first().click();
  await expect(page).toHaveURL(/\/path$/);
  const mine = page.getByRole("region", { name: "My plans" });
  await expect(mine.getByRole("progressbar").first()).toHaveAttribute("aria-valuenow", String(Math.round(100 / dayCount)));
  await expectNoSeriousViolations(page);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Today on your Path" }).getByText(`Day 1 of ${dayCount} done`)).toBeVisible();
});

test("a member finds a plan in the library by theme and joins it", async ({ page }) => {
  await signUpMember(page, newUser("seeker"));
  await page.getByRole("link", { name: "The Path" }).first().click();
  await expect(page.getByRole("heading", { name: "My plans" })).toBeVisible();
  await expect(page.getByText("You're not following a plan yet.")).toBeVisible();

  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Brotherhood" }).click();
  const find = page.getByRole("region", { name: "Find a plan" });
  const first = find.getByRole("listitem").first();
  await expect(first).toContainText("Brotherhood");
  const title = (await first.getByRole("heading").textContent()) ?? "";
  await first.getByRole("link").click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Not following yet: day 1 is a preview; day 2 asks him to start.
  await expect(page.getByRole("article").getByText(/^Day 1 of \d+$/)).toBeVisible();
  await page.getByRole("button", { name: /^Day 2 / }).click();
  await expect(page.getByText("Start this plan to read day 2.")).toBeVisible();
  await page.getByRole("button", { name: "Start today" }).click();
  await expect(page.getByText("Plan started")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /of the plan done/ })).toBeVisible();
  await expect(page).toHaveURL(/\?day=1$/);

  await page.getByRole("link", { name: "← The Path" }).click();
  await expect(page.getByRole("region", { name: "My plans" }).getByText(title)).toBeVisible();
});

test("onboarding's plans arrive without moving Skip for now, on a phone and on a laptop", async ({ page }) => {
  // The list is held back until released, so its outline is on screen long enough to be measured.
  let release = () => {};
  let held = Promise.resolve();
  const hold = () => (held = new Promise<void>((resolve) => (release = resolve)));
  await page.route("**/api/path/onboarding-plans*", async (route) => {
    await held;
    await route.continue();
  });
  const skipTop = async () => (await page.getByRole("button", { name: "Skip for now" }).boundingBox())!.y;
  await page.setViewportSize({ width: 390, height: 844 });
  hold();
  await signUpThroughOnboarding(page, newUser("skipstill"), "/", {
    onStep: async (p) => {
      if (!p.url().endsWith("/onboarding/plan-selection")) return;
      for (const width of [390, 1366]) {
        if (width !== 390) {
          hold();
          await p.setViewportSize({ width, height: 844 });
          await p.reload();
        }
        await expect(p.getByText("Finding plans for you")).toHaveCount(1);
        const whileLoading = await skipTop();
        release();
        await expect(p.getByRole("button", { name: /^Start .+ today$/ })).toHaveCount(3);
        // Sub-pixel rounding aside, it has not moved.
        expect(Math.abs((await skipTop()) - whileLoading), `at ${width} px`).toBeLessThanOrEqual(1);
      }
    },
  });
});
