import { expect, test, type Page } from "@playwright/test";
import { becomePremium, expectNoSeriousViolations, makeMember, newUser, signUpMember } from "./helpers";

/**
 * The plan builder (issue 13, /path/builder): a Premium member copies a starter plan and shapes it (a bad reference
 * named at its field, a day added, reordered by keyboard and by drag, saved, kept over reloads, published and
 * followed); a free member sees the Premium message.
 */

const PLAN_TITLE = "Lifting My Eyes";
const NEW_DAY = "A day of my own";
// 18 words.
const READING = "I lift my eyes to the hills. My help comes from the Lord, who made heaven and earth.";

const dayItems = (page: Page) => page.getByRole("list", { name: "Days" }).getByRole("listitem");

test("a Premium member copies a starter plan, shapes it, saves a draft, publishes it and follows it", async ({ page }) => {
  await signUpMember(page, newUser("builder"));
  await becomePremium(page);

  // From The Path to the builder: how to start.
  await page.goto("/path");
  await page.getByRole("link", { name: "Build a plan by hand" }).click();
  await expect(page).toHaveURL(/\/path\/builder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Plan Builder" })).toBeVisible();
  await expect(page).toHaveTitle(/^Plan Builder · Shepherd$/);
  await expect(page.getByRole("button", { name: "Start from scratch" })).toBeVisible();
  const starter = page.getByLabel("Starter plan", { exact: true });
  await expect(starter).toBeVisible();
  const chosen = (await starter.locator("option:checked").textContent()) ?? "";
  const [, starterTitle = "", count = "0"] = /^(.*) \((\d+) days?\)$/.exec(chosen) ?? [];
  const dayCount = Number(count);
  expect(dayCount).toBeGreaterThan(1);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Copy this plan" }).click();

  // The editor, on his copy.
  await expect(page).toHaveURL(/\/path\/builder\?plan=[0-9a-f-]{36}$/);
  const planId = new URL(page.url()).searchParams.get("plan") ?? "";
  const title = page.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue(`${starterTitle} (my copy)`.slice(0, 70));
  await expect(page.getByTestId("builder-status")).toHaveText("Draft: only you can see it until you publish it.");
  await expect(dayItems(page)).toHaveCount(dayCount);
  await expect(page.getByRole("heading", { name: `Day 1 of ${dayCount}` })).toBeVisible();

  // Day 1 with a reference that is not in the Bible: the server's message at the field, focus on it, nothing lost.
  await title.fill(PLAN_TITLE);
  await page.getByLabel("Day title", { exact: true }).fill("Where it begins");
  const passage = page.getByLabel("Passage 1", { exact: true });
  await passage.fill("Hezekiah 3:1");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(passage).toHaveAccessibleDescription(/^Day 1: "Hezekiah 3:1" is not a passage we can find\./);
  await expect(passage).toHaveAttribute("aria-invalid", "true");
  await expect(passage).toBeFocused();
  await expect(dayItems(page).first()).toContainText("has something to fix");
  await expect(page.getByLabel("Day title", { exact: true })).toHaveValue("Where it begins");
  await expect(title).toHaveValue(PLAN_TITLE);
  await passage.fill("Psalm 23");
  await expect(passage).not.toHaveAttribute("aria-invalid");
  await expect(dayItems(page).first()).not.toContainText("has something to fix");

  // A new day at the end: its title gets focus.
  const n = dayCount + 1;
  await page.getByRole("button", { name: "Add a day" }).click();
  await expect(dayItems(page)).toHaveCount(n);
  await expect(page.getByRole("heading", { name: `Day ${n} of ${n}` })).toBeVisible();
  await expect(page.getByLabel("Day title", { exact: true })).toBeFocused();
  await page.getByLabel("Day title", { exact: true }).fill(NEW_DAY);

  // Publishing asks for every part: the messages at their fields, focus on the first (the new day's passage).
  await page.getByRole("button", { name: "Publish" }).click();
  const newPassage = page.getByLabel("Passage 1", { exact: true });
  await expect(newPassage).toBeFocused();
  await expect(page.getByRole("group", { name: "Passages" })).toContainText(`Day ${n} needs a passage.`);
  await expect(page.getByLabel("Reading", { exact: true })).toHaveAccessibleDescription(
    new RegExp(`Day ${n} needs its reading\\.`),
  );
  await expect(page.getByLabel("Prayer", { exact: true })).toHaveAccessibleDescription(`Day ${n} needs a prayer.`);
  await expect(page).toHaveURL(/\/path\/builder\?plan=/);
  await newPassage.fill("Psalm 121");
  await page.getByLabel("Reading", { exact: true }).fill(READING);
  await expect(page.getByText("18/400 words")).toBeVisible();
  await page.getByLabel("Question", { exact: true }).fill("Where do you look for help first?");
  await page.getByLabel("Prayer", { exact: true }).fill("Lord, you are my keeper, today and every day. Amen.");

  // Reorder by keyboard: the new day moves up one; focus stays on it; a screen reader hears where it went.
  await page.getByRole("button", { name: `Move day ${n} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("builder-announcement")).toHaveText(`Day ${n} moved to day ${n - 1}`);
  await expect(page.getByRole("button", { name: `Move day ${n - 1} up` })).toBeFocused();
  await expect(dayItems(page).nth(n - 2)).toContainText(NEW_DAY);
  await expect(page.getByRole("heading", { name: `Day ${n - 1} of ${n}` })).toBeVisible();

  // Reorder by drag: day 1 by its handle to below day 2, then back with the keyboard.
  const handle = dayItems(page).first().getByTestId("drag-handle");
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const target = (await dayItems(page).nth(1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, target.y + target.height * 0.9, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId("builder-announcement")).toHaveText("Day 1 moved to day 2");
  await expect(dayItems(page).nth(1)).toContainText("Where it begins");
  await page.getByRole("button", { name: "Move day 2 up" }).click();
  await expect(dayItems(page).first()).toContainText("Where it begins");

  // Save as draft, reload: all of it is there.
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expect(page.getByTestId("builder-status")).toHaveText("Draft: only you can see it until you publish it.");
  await page.reload();
  await expect(title).toHaveValue(PLAN_TITLE);
  await expect(dayItems(page)).toHaveCount(n);
  await expect(dayItems(page).nth(n - 2)).toContainText(NEW_DAY);
  await expect(dayItems(page).first()).toContainText("Where it begins");
  await expect(page.getByLabel("Passage 1", { exact: true })).toHaveValue("Psalm 23");
  await expect(page.getByText("Restored your unsaved changes")).toBeHidden();

  // An unsaved edit: leaving by a link asks first; a reload asks too, and the edit comes back.
  await page.getByLabel("Promise", { exact: true }).fill("A week of lifting my eyes to the Lord");
  await expect(page.getByTestId("builder-status")).toContainText("You have unsaved changes.");
  await page.getByRole("link", { name: "← The Path" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/path\/builder\?plan=/);
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toBe("beforeunload");
  await expect(page.getByText("Restored your unsaved changes")).toBeVisible();
  await expect(page.getByLabel("Promise", { exact: true })).toHaveValue("A week of lifting my eyes to the Lord");
  await expect(page.getByTestId("builder-status")).toContainText("You have unsaved changes.");

  // Accessible, usable at 320 px, and the day list beside the day's form on a desktop.
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 900 });
  const list = (await page.getByRole("list", { name: "Days" }).boundingBox())!;
  const form = (await page.locator("#builder-day").boundingBox())!;
  expect(form.x).toBeGreaterThanOrEqual(list.x + list.width);
  await page.setViewportSize({ width: 412, height: 915 });

  // Publish: the plan's page, with its days, to follow.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/path/${planId}$`));
  await expect(page.getByText("Plan published")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: PLAN_TITLE })).toBeVisible();
  await expect(page.getByText("A week of lifting my eyes to the Lord")).toBeVisible();
  await expect(page.getByText(`${n} days`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Day ${n - 1} `) })).toContainText(NEW_DAY);
  await expect(page.getByRole("link", { name: "Edit in builder" })).toHaveAttribute("href", `/path/builder?plan=${planId}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), `shepherd.builder.${planId}`)).toBeNull();
  await page.getByRole("button", { name: "Start today" }).click();
  await expect(page.getByText("Plan started")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /of the plan done/ })).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading", { name: "Where it begins" })).toBeVisible();
});

test("a Premium member makes his own copy from a starter plan's page, and deletes it", async ({ page }) => {
  await signUpMember(page, newUser("copier"));
  await becomePremium(page);
  await page.goto("/path");
  const first = page.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first();
  const starterTitle = (await first.getByRole("heading").textContent()) ?? "";
  await first.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: starterTitle })).toBeVisible();
  await page.getByRole("button", { name: "Make my own copy" }).click();
  await expect(page).toHaveURL(/\/path\/builder\?plan=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${starterTitle} (my copy)`.slice(0, 70));

  await page.getByRole("button", { name: "Delete plan" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this plan?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete plan" }).click();
  await expect(page).toHaveURL(/\/path$/);
  await expect(page.getByText("Plan deleted")).toBeVisible();
  const own = page.getByRole("region", { name: "Your own plans" });
  await expect(own.getByRole("link", { name: `${starterTitle} (my copy)`, exact: true })).toHaveCount(0);
});

test("a free member is shown the Premium message and the way to upgrade instead of the builder", async ({ page }) => {
  await makeMember(page.context(), newUser("freebuild"));
  await page.goto("/path");
  const build = page.getByRole("link", { name: /Build a plan by hand/ });
  await expect(build).toContainText("Premium");
  await build.click();
  await expect(page).toHaveURL(/\/path\/builder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Plan Builder" })).toBeVisible();
  await expect(page.getByText("This feature is only available for Premium members...")).toBeVisible();
  await expect(page.getByRole("link", { name: "Unlock personal plans" })).toHaveAttribute("href", "/subscription");
  await expect(page.getByRole("button", { name: "Start from scratch" })).toBeHidden();

  // A starter plan's page offers the copy with its Premium badge; it leads to the same message.
  await page.goto("/path");
  await page.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first().getByRole("link").first().click();
  const copy = page.getByRole("link", { name: /Make my own copy/ });
  await expect(copy).toContainText("Premium");
  await copy.click();
  await expect(page.getByText("This feature is only available for Premium members...")).toBeVisible();
});
