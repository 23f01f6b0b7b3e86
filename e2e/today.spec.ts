import { expect, test } from "@playwright/test";
import { newUser, signUpThroughOnboarding } from "./helpers";

test("Today: complete the devotional, journal, feel far from God, check in, and listen", async ({ page }) => {
  await signUpThroughOnboarding(page, newUser("today"));
  const devotionalTitle = page.getByRole("heading", { level: 1 });
  await expect(devotionalTitle).toBeVisible();
  await expect(page.getByText("(WEB)")).toBeVisible();
  await expect(page.getByTestId("streak")).toHaveText("0 days streak");

  // A different devotional once; the free cap (1 a month) then says Usage Limit Reached.
  const firstTitle = await devotionalTitle.textContent();
  await page.getByRole("button", { name: "Give me a different devotional" }).click();
  await expect(page.getByText("A new devotional for today")).toBeVisible();
  await expect(devotionalTitle).not.toHaveText(firstTitle!);
  await page.getByRole("button", { name: "Give me a different devotional" }).click();
  await expect(page.getByText("Usage Limit Reached")).toBeVisible();
  await expect(
    page.getByText("You've reached your monthly limit of 1 devotionals. Upgrade to Premium for unlimited access.").first(),
  ).toBeVisible();

  // Mark Complete: toast with the streak; the button is gone for good.
  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page.getByText("Well done, good shepherd!")).toBeVisible();
  await expect(page.getByText("Your streak: 1 day")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeHidden();
  await expect(page.getByTestId("streak")).toHaveText("1 day streak");
  await page.reload();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeHidden();

  // Journal: too short first, then saved.
  await page.getByRole("button", { name: "Gather Your Thoughts" }).click();
  const box = page.getByLabel("Your reflection");
  await box.fill("Too short");
  await page.getByRole("button", { name: "Save entry" }).click();
  await expect(page.getByText("Journal entry must be at least 10 characters")).toBeVisible();
  await box.fill(
    "Today I noticed how quickly I reach for my phone instead of my wife's hand after a long day. I want to change that.",
  );
  await expect(page.getByText("Journal entry must be at least 10 characters")).toBeHidden();
  await page.getByRole("button", { name: "Save entry" }).click();
  await expect(page.getByText("Journal saved")).toBeVisible();
  await expect(page.getByText("Your reflection has been recorded.")).toBeVisible();
  await expect(page.getByRole("button", { name: "✓ Journal Entry Saved" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Shepherd's Whisper" })).toBeVisible();
  await page.getByRole("button", { name: "Dismiss whisper" }).click();
  await expect(page.getByRole("heading", { name: "The Shepherd's Whisper" })).toBeHidden();

  // The connection slider below 30: a struggle whisper arrives.
  const slider = page.getByLabel("How connected do you feel to God today?");
  await slider.fill("20");
  await expect(page.getByTestId("connection-label")).toHaveText("Hearing His Voice");
  await expect(page.getByText("saved", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Shepherd's Whisper" })).toBeVisible();

  // Check-in: the mood defaults from the connection value; saving shows the summary.
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByRole("radio", { name: "Struggling" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Fatherhood" }).click();
  await page.getByLabel("Notes (optional)").fill("Tired, but grateful for my kids.");
  await page.getByRole("button", { name: "Save check-in" }).click();
  await expect(page.getByText("Walk recorded")).toBeVisible();
  await expect(page.getByTestId("checkin-summary")).toContainText("Fatherhood");

  // Listen: generated, then played in the fixed player; the text follows along.
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByText("Generating audio...")).toBeVisible();
  await expect(page.getByText("Audio ready")).toBeVisible({ timeout: 30_000 });
  const player = page.getByRole("region", { name: "Audio player" });
  await expect(player).toBeVisible();
  await expect
    .poll(() => page.getByTestId("devotional-audio").evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.locator("[data-active]")).toHaveCount(1);
  await player.getByRole("button", { name: "Playback speed 1x" }).click();
  await expect(player.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
  await player.getByRole("button", { name: "Pause" }).click();
  await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();

  // The journal page lists the entry.
  await page.goto("/journal");
  await expect(
    page
      .getByText("Personal entry")
      .or(page.getByRole("button", { name: /reach for my phone|Today/ }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/reach for my phone/)).toBeVisible();
  await page.goto("/whispers");
  await expect(page.getByText("After your journal")).toBeVisible();
});
