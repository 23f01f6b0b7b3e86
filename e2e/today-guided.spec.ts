import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessibleLightAndDark, expectNoViolations, newUser, signUpMember } from "./helpers";

/** Today as a guided morning (issue 14): the hero, the steps, Mark Complete in reach, the completion moment, focus. */

/** A toast's words, read out by the toaster's polite live region. */
const announced = (page: Page, text: string) => page.locator('[aria-live="polite"]').getByText(text, { exact: true }).first();

/** The element's box in the viewport. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return { top: b.y, bottom: b.y + b.height, left: b.x, right: b.x + b.width };
}

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Today on a phone: the hero, the steps, Mark Complete in reach, the completion moment and focus after each action", async ({
    page,
  }) => {
    // A long walk (sign-up, every step, audio): near a minute alone, more beside other work.
    await signUpMember(page, newUser("guided"));
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });

    // The hero: the theme's artwork (no picture of its own), the theme, the title, the reading time and a large Listen.
    const hero = page.getByRole("region", { name: (await page.getByRole("heading", { level: 1 }).textContent())! });
    await expect(hero.getByTestId("theme-artwork")).toBeVisible();
    await expect(hero.getByTestId("theme")).toHaveText(
      /^(Marriage|Fatherhood|Work|Prayer Life|Bible Study|Brotherhood|Temptation|Leadership)$/,
    );
    await expect(hero.getByTestId("reading-time")).toHaveText(/^\d+ min read$/);
    const listen = hero.getByRole("button", { name: "Listen" });
    await expect(listen).toBeInViewport();
    // A new member: no "0 days".
    await expect(page.getByTestId("streak")).toHaveText("Start your streak today");

    // Mark Complete is on the first screen, above the tab bar, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const markComplete = page.getByRole("button", { name: "Mark Complete" });
    await expect(markComplete).toBeInViewport({ ratio: 1 });
    const tabBar = await box(page.getByRole("navigation", { name: "Main" }));
    expect((await box(markComplete)).bottom).toBeLessThanOrEqual(tabBar.top);

    // The steps: none done; a step's link takes him (and focus) to it.
    const steps = page.getByRole("navigation", { name: "This morning" });
    await expect(steps.getByTestId("steps-summary")).toHaveText("0 of 4 steps done · Next: Read");
    await expect(steps.getByRole("link", { name: /^Read/ })).toHaveAttribute("aria-current", "step");
    await steps.getByRole("link", { name: /^Pray/ }).click();
    await expect(page.locator("#prayer-title")).toBeFocused();
    await expect(page.locator("#prayer-title")).toBeInViewport();

    // Read: reaching the end of the text (above the bar) marks it done.
    await page.locator("#read-title").scrollIntoViewIfNeeded();
    const paragraphs = page.getByRole("region", { name: "Read" }).locator("p");
    await paragraphs.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await expect(steps.getByTestId("steps-summary")).toHaveText("1 of 4 steps done · Next: Reflect");
    await expect(steps.getByRole("link", { name: "Read, done" })).toBeVisible();

    // Pray: the button gives way to "Amen", and focus goes with it.
    await page.getByRole("button", { name: "I prayed this" }).click();
    const amen = page.getByText("Amen. You prayed this today.");
    await expect(amen).toBeFocused();
    await expect(steps.getByTestId("steps-summary")).toHaveText("2 of 4 steps done · Next: Reflect");

    // Check in: focus moves into the form, on the chosen mood; the mood is one radio group driven by arrow keys.
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    const moods = page.getByRole("radiogroup", { name: "Mood" });
    await expect(moods.getByRole("radio")).toHaveCount(4);
    const good = moods.getByRole("radio", { name: "Good" });
    await expect(good).toBeChecked(); // 50, the default connection
    await expect(good).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(moods.getByRole("radio", { name: "Great" })).toBeFocused();
    await expect(moods.getByRole("radio", { name: "Great" })).toBeChecked();
    await page.keyboard.press("ArrowRight"); // wraps round
    await expect(moods.getByRole("radio", { name: "Struggling" })).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(good).toBeChecked();
    await expect(good).toBeFocused();
    // One tab stop: Tab leaves the group for the first focus area, Shift+Tab comes back to the chosen mood.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Marriage" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(good).toBeFocused();
    // The chosen mood shows its keyboard focus.
    const chip = good.locator("xpath=following-sibling::span");
    expect(await chip.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.getByLabel("Notes (optional)").fill("Rested and ready.");
    await page.getByRole("button", { name: "Save check-in" }).click();
    await expect(announced(page, "Walk recorded")).toBeAttached();
    await expect(page.getByRole("heading", { name: "Daily check-in" })).toBeFocused();
    await expect(page.getByTestId("checkin-summary")).toContainText("Good");
    await expect(steps.getByTestId("steps-summary")).toHaveText("3 of 4 steps done · Next: Reflect");

    // Reflect: the journal editor takes focus; once saved, focus returns to the journal button.
    await page.getByRole("button", { name: "Gather Your Thoughts" }).click();
    const entry = page.getByLabel("Your reflection");
    await expect(entry).toBeFocused();
    await entry.fill("I carry the worry about work home with me. Today I will leave it at the door and listen to her.");
    await page.getByRole("button", { name: "Save entry" }).click();
    await expect(announced(page, "Journal saved")).toBeAttached();
    await expect(page.getByRole("button", { name: "✓ Journal Entry Saved" })).toBeFocused();
    await expect(steps.getByTestId("steps-summary")).toHaveText("All 4 steps done");

    // Nothing focusable hides under the bar, the tab bar or the header: Tab through the page from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("streak").focus();
    const bar = page.getByTestId("action-bar");
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const placement = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        // Past the last control focus leaves the page, or wraps round to the skip link at the top: the walk is done.
        if (!el || el === document.body || el.matches('a[href="#main"]')) return "body";
        if (el.closest('[data-testid="action-bar"], nav[aria-label="Main"], header, [data-sonner-toaster]')) return "fixed";
        const rect = el.getBoundingClientRect();
        const cover = document.querySelector('[data-testid="action-bar"]')!.getBoundingClientRect().top;
        const header = document.querySelector("header")!.getBoundingClientRect().bottom;
        return rect.bottom <= cover + 1 && rect.top >= header - 1
          ? "clear"
          : `${el.outerHTML.slice(0, 80)} at ${rect.top}-${rect.bottom}`;
      });
      if (placement === "body") break; // past the last control of the page
      expect(["clear", "fixed"]).toContain(placement);
    }

    // Mark Complete, from the keyboard: the completion moment opens with focus inside it.
    await markComplete.focus();
    await page.keyboard.press("Enter");
    const moment = page.getByRole("dialog", { name: "Today's devotional is complete" });
    await expect(moment).toBeVisible();
    await expect(announced(page, "Well done, good shepherd!")).toBeAttached();
    await expect(page.getByText("Your streak: 1 day")).toBeVisible();
    await expect(moment.getByTestId("completion-streak")).toBeFocused();
    await expect(moment.getByTestId("completion-streak")).toContainText("1day streak");
    await expect(moment).toContainText("Day one of your streak.");
    // This week: today is kept, and only today.
    const week = moment.getByRole("list", { name: "This week" });
    await expect(week.locator('[data-state="kept"]')).toHaveCount(1);
    const todayDate = await week.locator('[data-state="kept"]').getAttribute("data-date");
    expect(await page.evaluate(() => new Date().toLocaleDateString("en-CA"))).toBe(todayDate);
    // What next: the journal is written already; the verse as a picture, downloaded.
    await expect(moment.getByText("Your journal entry for today is saved")).toBeVisible();
    await moment.getByRole("button", { name: "Share the verse as a picture" }).click();
    await expect(moment.getByTestId("verse-picture")).toBeVisible();
    const download = moment.getByRole("link", { name: "Download picture" });
    const share = moment.getByRole("button", { name: "Share picture" });
    await expect(share.or(download).first()).toBeFocused();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^[a-z0-9-]+\.png$/);
    await expectNoViolations(page, "the completion moment");
    // Closing it puts focus on what opens it again.
    await moment.getByRole("button", { name: "Done" }).click();
    await expect(moment).toBeHidden();
    const whatsNext = page.getByRole("button", { name: "What's next" });
    await expect(whatsNext).toBeFocused();
    await expect(page.getByText("Completed today")).toBeVisible();
    await expect(page.getByTestId("streak")).toHaveText("1 day streak");

    // The streak calendar from the pill: this week and this month, today kept; Escape returns focus to the pill.
    await page.getByTestId("streak").click();
    const calendar = page.getByRole("dialog", { name: "Your streak" });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole("list", { name: "This week" }).locator('[data-state="kept"]')).toHaveCount(1);
    const month = calendar.getByTestId("month-calendar");
    await expect(month.locator(`[data-date="${todayDate}"]`)).toHaveAttribute("data-state", "kept");
    await expect(month.locator('[data-state="kept"]')).toHaveCount(1);
    await expect(calendar).toContainText(/1 day kept in \w+ \d{4}\./);
    await calendar.getByRole("button", { name: "Previous month" }).click();
    await expect(calendar).toContainText(/No days kept in \w+ \d{4} yet\./);
    await page.keyboard.press("Escape");
    await expect(calendar).toBeHidden();
    await expect(page.getByTestId("streak")).toBeFocused();

    // Listen from the keyboard: focus stays on the control, which becomes the player's Play/Pause.
    await page.evaluate(() => window.scrollTo(0, 0));
    await listen.focus();
    await page.keyboard.press("Enter");
    const heroControl = hero.getByTestId("hero-listen");
    await expect(heroControl).toBeFocused();
    await expect(announced(page, "Audio ready")).toBeAttached({ timeout: 30_000 });
    const player = page.getByRole("region", { name: "Audio player" });
    await expect(player).toBeVisible();
    await expect(heroControl).toBeFocused();
    await expect(heroControl).toHaveAccessibleName("Pause", { timeout: 20_000 });
    await page.keyboard.press("Enter");
    await expect(heroControl).toHaveAccessibleName("Play");
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    // The player sits above the tab bar, and the bar above the player.
    const playerBox = await box(player);
    expect(playerBox.bottom).toBeLessThanOrEqual(tabBar.top + 1);
    expect((await box(bar)).bottom).toBeLessThanOrEqual(playerBox.top + 1);
    // Closing the player gives focus back to Listen.
    await player.getByRole("button", { name: "Close player" }).click();
    await expect(player).toBeHidden();
    await expect(hero.getByRole("button", { name: "Listen" })).toBeFocused();
  });
});

test("a plan follower's completion moment offers today's plan day and the journal; the upgrade card stacks and nothing overflows at 320 px", async ({
  page,
}) => {
  await signUpMember(page, newUser("follower"), "/", { firstPlan: true });
  await expect(page.getByTestId("streak")).toHaveText("Start your streak today");
  // The Pixel 7's own screen too: Mark Complete on the first screen.
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeInViewport({ ratio: 1 });
  await page.getByRole("button", { name: "Mark Complete" }).click();
  const moment = page.getByRole("dialog", { name: "Today's devotional is complete" });
  await expect(moment).toBeVisible();
  await expect(moment.getByRole("link", { name: /Day 1 of \d+/ })).toHaveAttribute("href", /^\/path\/[0-9a-f-]{36}\?day=1$/);
  // Write in the journal: the moment closes and the editor takes focus.
  await moment.getByRole("button", { name: "Write in your journal" }).click();
  await expect(moment).toBeHidden();
  await expect(page.getByLabel("Your reflection")).toBeFocused();
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByRole("button", { name: "Gather Your Thoughts" })).toBeFocused();

  // The upgrade card after completion: text above its button on a phone, from 320 to 390 px, and nothing runs off.
  const upgrade = page.getByTestId("upgrade-prompt-profile_completion");
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await upgrade.scrollIntoViewIfNeeded();
    const text = await box(upgrade.getByRole("heading"));
    const link = await box(upgrade.getByRole("link"));
    expect(link.top, `${width} px`).toBeGreaterThanOrEqual(text.bottom);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }

  // The mood chips at 320 px: every word inside its chip, every chip inside the card.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  const group = page.getByRole("radiogroup", { name: "Mood" });
  const area = await box(group);
  for (const radio of await group.getByRole("radio").all()) {
    const chip = radio.locator("xpath=following-sibling::span");
    expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const b = await box(chip);
    expect(b.left).toBeGreaterThanOrEqual(area.left - 1);
    expect(b.right).toBeLessThanOrEqual(area.right + 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("Today's streak calendar has no accessibility violations, light and dark", async ({ page }) => {
  // Today itself is in the route sweep (a11y.spec.ts); the calendar opens over it.
  await signUpMember(page, newUser("axetoday"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("week-strip")).toBeVisible();
  await page.getByTestId("streak").click();
  await expectAccessibleLightAndDark(page, "the streak calendar", () =>
    expect(page.getByRole("dialog", { name: "Your streak" }).getByTestId("month-calendar")).toBeVisible(),
  );
  await page.keyboard.press("Escape");

  // A devotional with a picture of its own shows it in the hero instead of the theme's artwork.
  await page.route("**/api/today", async (route) => {
    const response = await route.fetch();
    const state = await response.json();
    await route.fulfill({ response, json: { ...state, devotional: { ...state.devotional, image_url: "/logo.svg" } } });
  });
  await page.reload();
  await expect(page.getByTestId("devotional-image")).toHaveAttribute("src", "/logo.svg");
  await expect(page.getByTestId("devotional-image")).toBeVisible();
  await expect(page.getByTestId("theme-artwork")).toHaveCount(0);
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

  test("Today uses two columns: the devotional, and beside it the week, the check-in, the whisper and the plan day", async ({
    page,
  }) => {
    await signUpMember(page, newUser("laptop"), "/", { firstPlan: true });
    const main = page.getByTestId("today-main");
    const beside = page.getByTestId("today-beside");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    // A whisper arrives after a check-in.
    await beside.getByRole("button", { name: "Check in", exact: true }).click();
    await beside.getByRole("button", { name: "Save check-in" }).click();
    await expect(beside.getByRole("heading", { name: "The Shepherd's Whisper" })).toBeVisible();
    await expect(beside.getByRole("region", { name: "Today on your Path" })).toBeVisible();
    await expect(beside.getByRole("heading", { name: "This week" })).toBeVisible();
    await expect(beside.getByTestId("checkin-summary")).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 0));
    const left = await box(main);
    const right = await box(beside);
    expect(right.left).toBeGreaterThanOrEqual(left.right);
    // The shell gives Today its wide column: the devotional's column reads at a comfortable width beside the side one.
    expect(left.right - left.left).toBeGreaterThan(560);
    expect(Math.abs(right.top - left.top)).toBeLessThan(8);
    // Mark Complete is within reach here too, without scrolling.
    await expect(main.getByRole("button", { name: "Mark Complete" })).toBeInViewport({ ratio: 1 });
    await expectNoViolations(page, "Today in two columns");

    // Today leads on: under the week to the insights, under the whisper to all the whispers.
    await beside.getByRole("link", { name: "All your whispers" }).click();
    await page.waitForURL("**/whispers");
    await page.goBack();
    await beside.getByRole("link", { name: "See your insights" }).click();
    await page.waitForURL("**/insights");
  });
});
