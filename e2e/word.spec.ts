import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, makeMember, newUser, signUpMember } from "./helpers";

const verse = (page: Page, n: number) => page.locator(`[data-verse="${n}"]`).first();

test("The Word: John 3 in WEB and KJV, search to John 10, highlight kept after a reload, references open the reader", async ({
  page,
}) => {
  await signUpMember(page, newUser("reader"));

  // Today's passage opens the reader at those verses, marked.
  const passage = page.getByRole("link", { name: /, open in The Word$/ });
  const reference = (await passage.textContent()) ?? "";
  await passage.click();
  await expect(page).toHaveURL(/\/word\/[a-z0-9-]+\/\d+\?v=\d+/);
  const firstVerse = Number(/v=(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(reference.replace(/:.*$/, "").replace(/^Psalms/, "Psalm"));
  await expect(verse(page, firstVerse)).toHaveClass(/bg-gold-300/);

  // The start page: the verse of the day and the books.
  await page.getByRole("link", { name: "The Word" }).click();
  await expect(page.getByRole("heading", { name: "Verse of the day" })).toBeVisible();
  await expect(page.locator("blockquote").first()).not.toBeEmpty();

  // Book grid -> chapter grid -> John 3, in the WEB by default.
  await page.getByRole("tab", { name: "New Testament" }).click();
  await page.getByRole("link", { name: "John", exact: true }).click();
  await page.getByRole("link", { name: "John 3", exact: true }).click();
  await expect(page).toHaveURL(/\/word\/john\/3$/);
  await expect(page.getByRole("heading", { name: "John 3" })).toBeVisible();
  await expect(page).toHaveTitle("John 3 · The Word · Shepherd");
  await expect(verse(page, 16)).toContainText("For God so loved the world, that he gave his one and only Son");
  // ... -> verse.
  await page.getByRole("button", { name: "Go to verse" }).click();
  await page.getByRole("dialog", { name: "John 3" }).getByRole("button", { name: "Verse 16" }).click();
  await expect(page).toHaveURL(/\/word\/john\/3\?v=16$/);
  await expect(verse(page, 16)).toHaveClass(/bg-gold-300/);
  // Verse numbers are hidden from screen readers' running text.
  await expect(verse(page, 16).locator("sup")).toHaveAttribute("aria-hidden", "true");
  await expectNoSeriousViolations(page);

  // Switch to the KJV.
  await page.getByRole("button", { name: "KJV" }).click();
  await expect(page.getByText("King James Version")).toBeVisible();
  await expect(verse(page, 16)).toContainText("For God so loved the world, that he gave his only begotten Son");

  // Search "good shepherd" and open a hit in John 10.
  await page.getByRole("link", { name: "Search the Bible" }).click();
  // The search page first: the link it replaces bears the same name.
  await page.waitForURL(/\/word\/search/);
  await page.getByRole("searchbox", { name: "Search the Bible" }).fill("good shepherd");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(/verses? found/)).toBeVisible();
  const hit = page.getByRole("link", { name: /^John 10:11/ });
  await expect(hit.locator("mark").first()).toHaveText(/good/i);
  await hit.click();
  await expect(page).toHaveURL(/\/word\/john\/10\?v=11$/);
  await expect(verse(page, 11)).toContainText("I am the good shepherd");

  // Highlight verse 14 and find it in My highlights after a reload. Each verse is a toggle named by its number,
  // its marks and its words; the keyboard selects it.
  const verse14 = page.getByRole("button", { name: /^Verse 14: I am the good shepherd/ });
  await expect(verse14).toHaveAttribute("aria-pressed", "false");
  await verse14.focus();
  await page.keyboard.press("Enter");
  await expect(verse14).toHaveAttribute("aria-pressed", "true");
  const actions = page.getByRole("region", { name: "Selected: John 10:14" });
  await expect(actions).toBeVisible();
  await actions.getByRole("button", { name: "Highlight yellow" }).click();
  await expect(actions).toBeHidden();
  await expect(verse(page, 14)).toHaveClass(/bg-yellow-200/);
  await page.reload();
  await expect(verse(page, 14)).toHaveClass(/bg-yellow-200/);
  await expect(page.getByRole("button", { name: /^Verse 14, highlighted yellow: I am the good shepherd/ })).toBeVisible();
  await page.goto("/word");
  await page.getByRole("link", { name: "My highlights and notes" }).click();
  await expect(page.getByRole("link", { name: /John 10:14/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: /John 10:14/ })).toBeVisible();
  await expect(page.getByText(/I am the good shepherd, and know my sheep/)).toBeVisible();
  await expectNoSeriousViolations(page);

  // "Continue reading" remembers where I was.
  await page.goto("/word");
  await expect(page.getByRole("link", { name: /Continue reading\s*John 10/ })).toBeVisible();

  // A reference link opens the reader at the passage with its verses marked.
  await page.goto(`/word?ref=${encodeURIComponent("Prov 27:17-19")}`);
  await expect(page).toHaveURL(/\/word\/proverbs\/27\?v=17-19$/);
  await expect(verse(page, 17)).toContainText("Iron sharpeneth iron");
  await expect(verse(page, 17)).toHaveClass(/bg-gold-300/);
  await page.goto(`/word?ref=${encodeURIComponent("Hezekiah 3:1")}`);
  await expect(page.getByRole("alert")).toContainText('We couldn\'t read "Hezekiah 3:1" as a Bible reference.');
});

test("The Word: notes, sharing a verse as a picture or text, dark mode, and listening to a chapter", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await makeMember(page.context(), newUser("sharer"));
  await page.goto("/word/psalms/23");
  await expect(page.getByRole("heading", { name: "Psalm 23" })).toBeVisible();
  await expect(page.getByText("A Psalm by David.")).toBeVisible();

  // A private note on verses 1-2.
  await verse(page, 1).click();
  await verse(page, 2).click();
  const actions = page.getByRole("region", { name: "Selected: Psalm 23:1-2" });
  await actions.getByRole("button", { name: "Note" }).click();
  const noteDialog = page.getByRole("dialog", { name: "Note on Psalm 23:1-2" });
  await noteDialog.getByRole("button", { name: "Save note" }).click();
  await expect(noteDialog.getByRole("alert")).toHaveText("Write your note.");
  await noteDialog.getByLabel("Your note").fill("Rest is not laziness. Lead the family to still waters this Sunday.");
  await noteDialog.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Note saved")).toBeVisible();
  await page.getByRole("button", { name: "Your note on verse 1" }).click();
  await expect(page.getByRole("dialog", { name: "Note on Psalm 23:1-2" }).getByLabel("Your note")).toHaveValue(
    /Rest is not laziness/,
  );
  await page.keyboard.press("Escape");

  // Copy as text.
  await verse(page, 1).click();
  await page.getByRole("region", { name: "Selected: Psalm 23:1" }).getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "“Yahweh is my shepherd: I shall lack nothing.” — Psalm 23:1 (WEB)",
  );

  // Share as a picture: a real PNG comes down.
  await verse(page, 4).click();
  await page.getByRole("region", { name: "Selected: Psalm 23:4" }).getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("dialog", { name: "Share Psalm 23:4" });
  await expect(share.getByRole("img", { name: /Psalm 23:4/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    share.getByRole("link", { name: "Download picture" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("psalm-23-4.png");
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  expect(bytes.length).toBeGreaterThan(20_000);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Clear selection" }).click();

  // Reading settings: larger type, and the whole app in dark mode.
  await page.getByRole("button", { name: "Reading settings" }).click();
  const settings = page.getByRole("dialog", { name: "Reading settings" });
  await settings.getByRole("button", { name: "Larger text" }).click();
  await expect(settings.locator("output")).toHaveText("20px");
  await settings.getByText("Dark", { exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoSeriousViolations(page);

  // Listen to the chapter: the speech provider reads it, and it plays.
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByText("Audio ready")).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId("chapter-audio").evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
});
