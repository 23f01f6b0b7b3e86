import { expect, test } from "@playwright/test";
import { becomePremium, expectNoSeriousViolations, newUser, signUpMember } from "./helpers";

/**
 * The series library (issue 16): a member finds the Library beside the Feed, browses it, opens a series, follows it,
 * reads session 1 (the passage from the WEB, linked into The Word), marks it done and sees the next session; as a free
 * member, session 2 shows the series_viewing prompt and creating a series shows the Premium message. A Premium member
 * creates a series by hand, with a session's guide drafted by the offline composer.
 */

const PREMIUM_ONLY = "This feature is only available for Premium members...";

test("a member browses the library, follows a series, reads and completes session 1, and sees the next; free limits", async ({
  page,
}) => {
  await signUpMember(page, newUser("series"));

  // The Pasture's way in: Feed and Library side by side.
  await page.goto("/pasture");
  const parts = page.getByRole("navigation", { name: "The Pasture" });
  await expect(parts.getByRole("link", { name: "Feed" })).toHaveAttribute("aria-current", "page");
  await parts.getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(/\/pasture\/library$/);
  await expect(page.getByRole("heading", { level: 1, name: "Series Library" })).toBeVisible();
  await expect(page.getByText("You're not following a series yet.")).toBeVisible();

  // Browse: by theme, then by search words (a session's title finds its series).
  const list = page.getByRole("list", { name: "Series" });
  await expect(list.getByRole("listitem")).not.toHaveCount(0);
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Fatherhood" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Fathers Who Stay Close");
  await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "All themes" }).click();
  await page.getByLabel("Search series").fill("faithful wounds");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("link", { name: /Shoulder to Shoulder/ }).click();

  // The series: follow it.
  await expect(page.getByRole("heading", { level: 1, name: "Shoulder to Shoulder" })).toBeVisible();
  await expect(page).toHaveTitle("Shoulder to Shoulder · Series Library · Shepherd");
  await expect(page.getByTestId("upgrade-prompt-series_viewing")).toBeVisible();
  await page.getByRole("button", { name: "Follow this series" }).click();
  await expect(page.getByTestId("series-standing")).toHaveText("Next: session 1 of 4, Made for Brothers");
  await expect(page.getByRole("button", { name: "Unfollow" })).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Open session 1" }).click();

  // Session 1, in full.
  await expect(page.getByRole("heading", { level: 1, name: "Made for Brothers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ecclesiastes 4:9-12, open in The Word" })).toHaveAttribute(
    "href",
    "/word?ref=Ecclesiastes%204%3A9-12",
  );
  await expect(page.getByText("a threefold cord is not quickly broken").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Discussion questions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Challenge for the week" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Closing prayer" })).toBeVisible();
  await page.getByRole("button", { name: "Mark session done" }).click();
  await expect(page.getByText("You marked this session done.")).toBeVisible();
  const next = page.getByRole("link", { name: "Next session: Confession That Heals" });
  await expect(next).toBeFocused();
  await next.click();

  // Session 2 is Premium: its heading and passage, and the series_viewing prompt instead of its body.
  await expect(page.getByRole("heading", { level: 1, name: "Confession That Heals" })).toBeVisible();
  await expect(page.getByTestId("upgrade-prompt-series_viewing")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Discussion questions" })).toHaveCount(0);

  // Back in the library: My series shows the next session.
  await page.getByRole("link", { name: "Shoulder to Shoulder" }).click();
  await expect(page.getByTestId("series-standing")).toHaveText("Next: session 2 of 4, Confession That Heals");
  await page.getByRole("link", { name: "Series Library" }).click();
  const mine = page.getByRole("region", { name: "My series" });
  await expect(mine).toContainText("Next: session 2 of 4, Confession That Heals");

  // Creating a series is Premium.
  await page.getByRole("link", { name: "Create a series" }).click();
  await expect(page).toHaveURL(/\/pasture\/library\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create a series" })).toBeVisible();
  await expect(page.getByTestId("series-premium-only")).toHaveText(PREMIUM_ONLY);
  await expect(page.getByTestId("upgrade-prompt-series_viewing").getByRole("link")).toHaveAttribute("href", "/subscription");
});

test("a Premium member creates a series by hand, with a drafted guide for one session", async ({ page }) => {
  await signUpMember(page, newUser("leader"));
  await becomePremium(page);
  await page.goto("/pasture/library");
  await page.getByRole("link", { name: "Create a series" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create a series" })).toBeVisible();

  await page.getByLabel("Series title").fill("Slow to Speak");
  await page.getByLabel("Promise").fill("Two weeks on listening well.");
  await page.getByLabel("Description").fill("For our Tuesday group: listening to God and to each other.");
  await page.getByLabel("Theme").selectOption("brotherhood");

  const first = page.getByRole("group", { name: "Session 1" });
  await first.getByLabel("Title").fill("Quick to Hear");
  await first.getByLabel("Passage").fill("James 1:19-21");
  await first.getByLabel("Teaching").fill("Listening comes before speaking. This week we slow down and hear each other out.");
  await first.getByLabel("Question 1", { exact: true }).fill("When did someone last really listen to you?");
  await first.getByLabel("Challenge for the week").fill("Ask one person a question and listen to the whole answer.");
  await first.getByLabel("Closing prayer").fill("Lord, make us quick to hear and slow to speak. Amen.");

  await page.getByRole("button", { name: "Add a session" }).click();
  const second = page.getByRole("group", { name: "Session 2" });
  await second.getByLabel("Title").fill("Words That Build");
  await second.getByLabel("Passage").fill("Ephesians 4:29-32");
  await second.getByRole("button", { name: "Draft a discussion guide" }).click();
  await expect(second.getByLabel("Teaching")).toHaveValue(/Ephesians 4:29-32/);
  await expect(second.getByLabel("Teaching")).toBeFocused();
  await expect(second.getByLabel("Question 4", { exact: true })).not.toHaveValue("");
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Create series" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Slow to Speak" })).toBeVisible();
  await expect(page.getByText("Made by you")).toBeVisible();
  const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(page.getByTestId("upgrade-prompt-series_viewing")).toHaveCount(0);
  await sessions.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Words That Build" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Teaching" })).toBeVisible();
  await expect(page.getByText("Let no corrupt speech proceed out of your mouth").first()).toBeVisible();
});
