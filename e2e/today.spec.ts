import { expect, test } from "@playwright/test";
import { newUser, signUpMember } from "./helpers";

test("Today: complete the devotional, journal, feel far from God, check in, and listen", async ({ page }) => {
  await signUpMember(page, newUser("today"));
  const devotionalTitle = page.getByRole("heading", { level: 1 });
  await expect(devotionalTitle).toBeVisible();
  await expect(page.getByText("(WEB)")).toBeVisible();
  // The theme is one of the eight, by its label.
  await expect(page.getByTestId("theme")).toHaveText(
    /^(Marriage|Fatherhood|Work|Prayer Life|Bible Study|Brotherhood|Temptation|Leadership)$/,
  );
  // A new member is invited to begin, never told "0 days".
  await expect(page.getByTestId("streak")).toHaveText("Start your streak today");

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

  // Mark Complete: toast with the streak and the completion moment; the button is gone for good.
  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page.getByText("Well done, good shepherd!")).toBeVisible();
  await expect(page.getByText("Your streak: 1 day")).toBeVisible();
  const moment = page.getByRole("dialog", { name: "Today's devotional is complete" });
  await expect(moment).toBeVisible();
  await moment.getByRole("button", { name: "Done" }).click();
  await expect(moment).toBeHidden();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeHidden();
  await expect(page.getByTestId("streak")).toHaveText("1 day streak");
  // A free person sees the upgrade banner once the devotional is complete.
  const banner = page.getByTestId("upgrade-prompt-profile_completion");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link")).toHaveAttribute("href", "/subscription");
  await page.reload();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeHidden();
  await expect(banner).toBeVisible();

  // The prayer box: marked prayed, and it stays so.
  await page.getByRole("button", { name: "I prayed this" }).click();
  await expect(page.getByText("Amen. You prayed this today.")).toBeVisible();

  // Journal: the editor shows today's devotional; too short first, then saved.
  await page.getByRole("button", { name: "Gather Your Thoughts" }).click();
  const journalEditor = page.locator('[aria-labelledby="journal-editor-title"]');
  const devotionalText = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(journalEditor).toContainText(devotionalText!);
  await expect(journalEditor).toContainText((await page.locator("#reflection-title + p").textContent())!);
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
  await page.reload();
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
  // "saved" shows for 2 seconds, then the time it was set.
  await expect(page.getByText("saved", { exact: true })).toBeHidden({ timeout: 4_000 });
  await expect(page.getByText("Just now")).toBeVisible();

  // Check-in: the mood defaults from the connection value; saving shows the summary.
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByRole("radio", { name: "Struggling" })).toBeChecked();
  await page.getByRole("button", { name: "Fatherhood" }).click();
  await page.getByLabel("Notes (optional)").fill("Tired, but grateful for my kids.");
  await page.getByRole("button", { name: "Save check-in" }).click();
  await expect(page.getByText("Walk recorded")).toBeVisible();
  await expect(page.getByTestId("checkin-summary")).toContainText("Fatherhood");

  // Listen: generated, then played in the fixed player; the text follows along.
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByText("Generating audio...")).toBeVisible();
  await expect(page.getByText("Typically takes 5-10 seconds")).toBeVisible();
  await expect(page.getByText("Audio ready")).toBeVisible({ timeout: 30_000 });
  const player = page.getByRole("region", { name: "Audio player" });
  await expect(player).toBeVisible();
  await expect
    .poll(() => page.getByTestId("devotional-audio").evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.locator("[data-active]")).toHaveCount(1);
  await player.getByRole("button", { name: "Playback speed 1x" }).click();
  await expect(player.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
  await player.getByRole("button", { name: "Mute" }).click();
  const audioElement = page.getByTestId("devotional-audio");
  await expect.poll(() => audioElement.evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
  await player.getByRole("button", { name: "Unmute" }).click();
  await player.getByLabel("Volume").fill("0.5");
  await expect.poll(() => audioElement.evaluate((el: HTMLAudioElement) => [el.muted, el.volume])).toEqual([false, 0.5]);
  await player.getByRole("button", { name: "Pause" }).click();
  await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  // Seeking works (the server answers Range requests): a tap halfway along the bar jumps to about the middle.
  const seek = player.getByLabel("Seek");
  const bar = (await seek.boundingBox())!;
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect
    .poll(async () => {
      const [time, duration] = await audioElement.evaluate((el: HTMLAudioElement) => [el.currentTime, el.duration]);
      return Math.abs(time / duration! - 0.5);
    })
    .toBeLessThan(0.1);

  // The journal page lists the entry.
  await page.goto("/journal");
  await expect(
    page
      .getByText("Personal entry")
      .or(page.getByRole("button", { name: /reach for my phone|Today/ }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/reach for my phone/)).toBeVisible();
  // Between whispers, Today still leads to all of them.
  await page.goto("/");
  await page.getByRole("link", { name: "All your whispers" }).click();
  await page.waitForURL("**/whispers");
  await expect(page.getByText("After your journal")).toBeVisible();
  // The slider's drop below 30, and the check-in saved at 20.
  await expect(page.getByText("On a hard day")).toHaveCount(2);
});

test("Today: the backup devotional, a lapsed session, the care card, and the journal page", async ({ page, context }) => {
  await signUpMember(page, newUser("care"));
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  const realTitle = await title.textContent();

  // Loading fails: the skeleton, then a backup devotional with the notice and a retry. The failure is held back until
  // the skeleton has been seen: the request starts with the page's first script (lib/boot), before the page renders.
  let fail: () => void = () => {};
  const skeletonSeen = new Promise<void>((resolve) => (fail = resolve));
  await page.route("**/api/today", async (route) => {
    await skeletonSeen;
    await route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Down for a moment." } } });
  });
  await page.reload();
  await expect(page.getByTestId("today-skeleton")).toBeVisible();
  fail();
  await expect(page.getByText("Using a backup devotional.")).toBeVisible();
  await expect(page.getByText(/^(Ephesians 5:25|Proverbs 27:17|Joshua 24:15) \(WEB\)$/)).toBeVisible();
  await page.unroute("**/api/today");
  await page.getByRole("button", { name: "Retry loading today's devotional" }).click();
  await expect(title).toHaveText(realTitle!);
  await expect(page.getByText("Using a backup devotional.")).toBeHidden();

  // The server says the session is gone.
  await page.route("**/api/today", (route) =>
    route.fulfill({ status: 401, json: { error: { code: "UNAUTHORIZED", message: "Please sign in to continue." } } }),
  );
  await page.reload();
  await expect(page.getByText("Please sign in to view your devotional")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/auth");
  await page.unroute("**/api/today");
  await page.reload();
  await expect(title).toHaveText(realTitle!);

  // Listen when the audio cannot be made: each answer has the spec's toast, and the button is ready again.
  const listen = page.getByRole("button", { name: "Listen" });
  const audioAnswers = [
    {
      status: 429,
      json: { error: { code: "LIMIT_REACHED", message: "You've reached your monthly limit of 5 audio generations." } },
      toast: "Usage Limit Reached",
    },
    {
      status: 503,
      json: { error: { code: "UNAVAILABLE", message: "The audio could not be generated. The speech service is down." } },
      toast: "Failed to generate audio",
    },
    { status: 200, json: {}, toast: "No audio URL returned" },
  ];
  for (const answer of audioAnswers) {
    await page.route("**/api/functions/generate-text-audio", (route) =>
      route.fulfill({ status: answer.status, json: answer.json }),
    );
    await listen.click();
    await expect(page.getByText(answer.toast, { exact: true })).toBeVisible();
    await expect(listen).toBeEnabled();
    await expect(page.getByRole("region", { name: "Audio player" })).toBeHidden();
    await page.unroute("**/api/functions/generate-text-audio");
  }
  await expect(page.getByText("The audio could not be generated. The speech service is down.")).toBeVisible();

  // A check-in note with words of self-harm: saved, answered with crisis resources, no whisper.
  await page.getByRole("button", { name: "Check in" }).click();
  await page.getByLabel("Notes (optional)").fill("Honestly, some nights I think about suicide.");
  await page.getByRole("button", { name: "Save check-in" }).click();
  await expect(page.getByText("Walk recorded")).toBeVisible();
  const care = page.getByRole("alert").filter({ hasText: "You don't have to carry this alone" });
  await expect(care).toBeVisible();
  await expect(care).toContainText("call or text 988");
  await expect(care.getByRole("link", { name: "988lifeline.org" })).toHaveAttribute("href", "https://988lifeline.org");
  await expect(care.getByRole("link", { name: "findahelpline.com" })).toHaveAttribute("href", "https://findahelpline.com");
  await expect(page.getByRole("heading", { name: "The Shepherd's Whisper" })).toBeHidden();

  // Today's check-in is loaded on start; Edit opens it with its values; a save the server cannot take now (503) is kept
  // on the device, shown as waiting, and sent when the app starts again (issue 18).
  await page.reload();
  const summary = page.getByTestId("checkin-summary");
  await expect(summary).toContainText("Honestly, some nights I think about suicide.");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Notes (optional)")).toHaveValue("Honestly, some nights I think about suicide.");
  await page.getByRole("radio", { name: "Good" }).check();
  await page.getByLabel("Notes (optional)").fill("Talked to my pastor today. Better.");
  await page.route("**/api/checkins/today", (route) =>
    route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Down for a moment." } } }),
  );
  await page.getByRole("button", { name: "Save check-in" }).click();
  await expect(page.getByText("Saved on this device, will sync")).toBeVisible();
  await expect(summary).toContainText("Talked to my pastor today. Better.");
  await expect(page.getByText("1 change is waiting on this device to sync.")).toBeVisible();
  await page.unroute("**/api/checkins/today");
  await page.reload();
  await expect(page.getByText("Synced")).toBeVisible();
  await expect(page.getByText("waiting on this device to sync")).toHaveCount(0);
  await expect(summary).toContainText("Good");
  await expect(summary).toContainText("Talked to my pastor today. Better.");

  // A slider save that fails: "Error saving progress" with the server's message.
  await page.route("**/api/progress/connection", (route) =>
    route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Down for a moment." } } }),
  );
  await page.getByLabel("How connected do you feel to God today?").fill("70");
  await expect(page.getByText("Error saving progress")).toBeVisible();
  await expect(page.getByText("Down for a moment.")).toBeVisible();
  await page.unroute("**/api/progress/connection");

  // The journal page: a new entry (dated, offered today's question; written freely here), search, open, edit and delete.
  await page.goto("/journal");
  await expect(page.getByText("No entries yet. Your first reflection will appear here.")).toBeVisible();
  await page.getByRole("button", { name: "New entry" }).click();
  const editor = page.getByLabel("New journal entry");
  await expect(editor).toBeFocused();
  const todayLong = await page.evaluate(() =>
    new Date().toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
  );
  await expect(page.getByText(todayLong)).toBeVisible();
  await expect(page.getByText("Today's question", { exact: true })).toBeVisible();
  await page.getByLabel("Answer today's question").uncheck();
  await editor.fill("short");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Journal entry must be at least 10 characters")).toBeVisible();
  await editor.fill("Grateful for a slow Saturday breakfast with the kids.");
  await expect(page.getByText("Journal entry must be at least 10 characters")).toBeHidden();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your reflection has been recorded.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New entry" })).toBeFocused();
  await page.getByRole("button", { name: "New entry" }).click();
  // This one answers today's question: it carries the devotional's title.
  await expect(page.getByLabel("Answer today's question")).toBeChecked();
  await editor.fill("Work was heavy today, but I stopped to pray at lunch.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const entries = page.getByRole("main").getByRole("listitem");
  await expect(entries).toHaveCount(2);
  // Newest first.
  await expect(entries.first()).toContainText("Work was heavy today");
  await expect(entries.first()).not.toContainText("Personal entry");
  await expect(entries.last()).toContainText("Personal entry");

  await page.getByLabel("Search your journal").fill("breakfast");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("slow Saturday breakfast");
  await page.getByLabel("Search your journal").fill("");
  await expect(entries).toHaveCount(2);

  await entries
    .first()
    .getByRole("button", { name: /Work was heavy today/ })
    .click();
  await entries.first().getByRole("button", { name: "Edit" }).click();
  await entries.first().getByRole("textbox").fill("Work was heavy today, and I prayed at lunch with a friend.");
  await entries.first().getByRole("button", { name: "Save", exact: true }).click();
  await expect(entries.first()).toContainText("I prayed at lunch with a friend.");
  await page.reload();
  await expect(page.getByText("I prayed at lunch with a friend.")).toBeVisible();

  await entries
    .first()
    .getByRole("button", { name: /I prayed at lunch/ })
    .click();
  page.once("dialog", (dialog) => void dialog.accept());
  await entries.first().getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Entry deleted")).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(page.getByText("I prayed at lunch with a friend.")).toBeHidden();

  // Words of self-harm in a journal entry bring the care card here too.
  await page.getByRole("button", { name: "New entry" }).click();
  await editor.fill("I don't want to wake up tomorrow.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You don't have to carry this alone" })).toBeVisible();

  // Signed out behind the page's back: saving asks to sign in.
  await context.clearCookies();
  await page.getByRole("button", { name: "New entry" }).click();
  await editor.fill("One more thought before bed tonight.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Please sign in", { exact: true })).toBeVisible();
  await expect(page.getByText("You need to be signed in to save journal entries.")).toBeVisible();
});

test("Today: a different devotional is also the one My Flock's reflection composer asks about", async ({ page }) => {
  await signUpMember(page, newUser("prompt"));
  const question = page.locator("#reflection-title + p");
  const firstQuestion = (await question.textContent())!;

  // The flock's composer offers today's reflection question (now cached in this tab).
  await page.getByRole("link", { name: "My Flock" }).click();
  await page.getByLabel("Flock name").fill("Morning Watch");
  await page.getByRole("button", { name: "Create flock" }).click();
  await expect(page.getByTestId("reflection-prompt")).toHaveText(firstQuestion);

  // Back on Today, without reloading the app: a different devotional, and the composer asks its question.
  await page.getByRole("link", { name: "Today", exact: true }).click();
  await expect(question).toHaveText(firstQuestion);
  const title = page.getByRole("heading", { level: 1 });
  const firstTitle = (await title.textContent())!;
  await page.getByRole("button", { name: "Give me a different devotional" }).click();
  await expect(page.getByText("A new devotional for today")).toBeVisible();
  await expect(title).not.toHaveText(firstTitle);
  const newQuestion = (await question.textContent())!;
  await page.getByRole("link", { name: "My Flock" }).click();
  await page.getByRole("link", { name: /Morning Watch/ }).click();
  await expect(page.getByTestId("reflection-prompt")).toHaveText(newQuestion);
});

test.describe("on a phone set to New Zealand's time", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("Today tells the server his time zone once the page has settled, and his day follows it", async ({ page }) => {
    await signUpMember(page, newUser("zone"));
    const today = async () => (await page.request.get("/api/today")).json() as Promise<{ time_zone: string; date: string }>;
    await expect.poll(async () => (await today()).time_zone).toBe("Pacific/Auckland");
    const auckland = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
    expect((await today()).date).toBe(auckland);
  });
});
