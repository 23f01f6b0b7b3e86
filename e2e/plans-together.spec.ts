import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE } from "./phone";
import { expectNoSeriousViolations, newUser, signUpMember, type TestUser } from "./helpers";

/** Each brother in his own browser context (his own cookies), on the project's phone. */
async function brother(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signUpMember(page, user);
  return page;
}

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** A starts a flock and invites B by username; B accepts. */
async function oneFlock(a: Page, b: Page, userB: TestUser, flockName: string) {
  await a.goto("/flock");
  await a.getByLabel("Flock name").fill(flockName);
  await a.getByRole("button", { name: "Create flock" }).click();
  await expect(a.getByText("Flock created")).toBeVisible();
  await a.getByLabel("Invite by username").fill(`@${userB.username}`);
  await a.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(a.getByText("Invitation sent")).toBeVisible();
  await b.goto("/flock");
  await b.getByRole("button", { name: `Accept the invitation to ${flockName}` }).click();
  await expect(b.getByText(`Welcome to ${flockName}`)).toBeVisible();
}

test("two brothers follow a plan with their flock: invitation, each other's days, and a day's discussion with a mention", async ({
  browser,
}) => {
  const userA = newUser("andrew");
  const userB = newUser("barnabas");
  const a = await brother(browser, userA);
  const b = await brother(browser, userB);
  const flockName = `Iron Sharpens ${Date.now().toString(36)}`;

  // Before he has a flock, a plan's page points him to one.
  await a.goto("/path");
  const first = a.getByRole("region", { name: "Find a plan" }).getByRole("listitem").first();
  const title = ((await first.getByRole("heading").textContent()) ?? "").trim();
  await first.getByRole("link").click();
  await expect(a.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const planUrl = new URL(a.url()).pathname;
  await expect(a.getByRole("link", { name: "Start a flock to follow plans together" })).toBeVisible();

  await oneFlock(a, b, userB, flockName);

  // A opens the plan and follows it with his flock, choosing B.
  await a.goto(planUrl);
  await a.getByRole("button", { name: "Follow with your flock" }).click();
  const dialog = a.getByRole("dialog", { name: "Follow with your flock" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Brothers I choose" }).check();
  // None chosen: he is told so, nothing is sent.
  await dialog.getByRole("button", { name: "Start together" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose at least one brother.");
  await dialog.getByRole("checkbox", { name: new RegExp(userB.username) }).check();
  await dialog.getByRole("button", { name: "Start together" }).click();
  await expect(a.getByText("Following with your flock")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The group's panel: A is in (and follows the plan now), B is invited.
  const panelA = a.getByRole("region", { name: "With your flock", exact: true });
  await expect(panelA.getByRole("heading", { name: "With your flock", exact: true })).toBeFocused();
  const rowOf = (panel: ReturnType<Page["getByRole"]>, name: string) => panel.getByRole("listitem").filter({ hasText: name });
  await expect(rowOf(panelA, "Andrew Tester")).toContainText("(you)");
  await expect(rowOf(panelA, "Andrew Tester")).toContainText(/0 of \d+ days done/);
  await expect(rowOf(panelA, "Barnabas Tester")).toContainText("Invited");
  await expect(a.getByRole("progressbar", { name: /of the plan done/ })).toBeVisible();

  // B sees the invitation on The Path, and joins.
  await b.goto("/path");
  const withFlock = b.getByRole("region", { name: "With your flock", exact: true });
  await expect(withFlock.getByRole("heading", { name: "Invitations from your flock" })).toBeVisible();
  await expect(withFlock.getByText(`Andrew Tester invited you to follow it with ${flockName}.`, { exact: false })).toBeVisible();
  await expectNoSeriousViolations(b);
  await withFlock.getByRole("button", { name: `Join ${title}` }).click();
  await expect(b.getByText(`You joined "${title}"`)).toBeVisible();
  await expect(withFlock.getByRole("heading", { name: "Invitations from your flock" })).toBeHidden();
  await expect(b.getByRole("region", { name: "My plans" }).getByText(title)).toBeVisible();

  // A marks day 1 done.
  const dayA = a.getByRole("article");
  await dayA.getByRole("button", { name: "Mark day complete" }).click();
  await expect(a.getByText("Day 1 complete").first()).toBeVisible();
  await expect(rowOf(panelA, "Andrew Tester")).toContainText(/1 of \d+ days done/);

  // B opens the plan from his plans together and sees that A has done day 1.
  await withFlock.getByRole("link", { name: escaped(title) }).click();
  await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const panelB = b.getByRole("region", { name: "With your flock", exact: true });
  await expect(rowOf(panelB, "Andrew Tester")).toContainText(/1 of \d+ days done/);
  await expect(rowOf(panelB, "Andrew Tester")).toContainText("Next: day 2");
  await expect(rowOf(panelB, "Barnabas Tester")).toContainText(/0 of \d+ days done/);

  // 320 px wide: the group's panel fits, nothing runs off the side.
  await b.setViewportSize({ width: 320, height: 720 });
  await expect(panelB).toBeVisible();
  expect((await panelB.boundingBox())!.width).toBeLessThanOrEqual(320);
  expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await b.setViewportSize({ width: 412, height: 915 });

  // B writes on day 1's discussion, mentioning A.
  await b.getByRole("button", { name: /^Day 1 / }).click();
  const discussionB = b.getByRole("region", { name: "Discussion with your flock" });
  await expect(discussionB.getByText("No one has written about this day yet.", { exact: false })).toBeVisible();
  const comment = `@${userA.username} the challenge today hit home. Thank you for asking me along.`;
  await discussionB.getByLabel("Add a comment").fill(comment);
  await discussionB.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(b.getByText("Comment added")).toBeVisible();
  await expect(discussionB.getByText("the challenge today hit home.", { exact: false })).toBeVisible();
  await expect(panelB.getByRole("link", { name: /Day 1 \(1 comment\)/ })).toBeVisible();

  // A is told live; the notification opens day 1's discussion, with B's comment.
  await expect(a.getByTestId("unread-badge")).toHaveText("1");
  await a.getByRole("button", { name: /^Notifications/ }).click();
  const bell = a.getByRole("region", { name: "Notifications" });
  await bell.getByText(comment).click();
  await a.waitForURL(
    (url) => url.pathname === planUrl && url.searchParams.get("day") === "1" && url.searchParams.has("together"),
  );
  const discussionA = a.getByRole("region", { name: "Discussion with your flock" });
  await expect(discussionA.getByRole("heading", { name: "Discussion with your flock" })).toBeFocused();
  await expect(discussionA.getByText("the challenge today hit home.", { exact: false })).toBeVisible();
  await expect(discussionA.getByText("Barnabas Tester")).toBeVisible();
  await expect(a.getByRole("article").getByText(/^Day 1 of \d+$/)).toBeVisible();
  await expectNoSeriousViolations(a);

  // B steps out (after confirming): the plan stays his, the panel gives way to "Follow with your flock".
  await panelB.getByRole("button", { name: "Step out" }).click();
  const confirm = b.getByRole("dialog", { name: "Step out of this shared plan?" });
  await confirm.getByRole("button", { name: "Step out" }).click();
  await expect(b.getByText("You stepped out")).toBeVisible();
  await expect(panelB).toBeHidden();
  await expect(b.getByRole("button", { name: "Follow with your flock" })).toBeFocused();
  await expect(b.getByRole("progressbar", { name: /of the plan done/ })).toBeVisible();
  await a.reload();
  await expect(rowOf(a.getByRole("region", { name: "With your flock", exact: true }), "Andrew Tester")).toBeVisible();
  await expect(rowOf(a.getByRole("region", { name: "With your flock", exact: true }), "Barnabas Tester")).toHaveCount(0);
});
