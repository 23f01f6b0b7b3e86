import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { newUser, signUpThroughOnboarding, type TestUser } from "./helpers";

/** Each brother in his own browser context (his own cookies), on the project's phone. */
async function brother(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signUpThroughOnboarding(page, user);
  return page;
}

test("a mention in The Pasture reaches the bell live; the panel marks it read and leads to /pasture", async ({ browser }) => {
  test.setTimeout(150_000);
  const userA = newUser("alpha");
  const userB = newUser("bravo");
  const a = await brother(browser, userA);
  const b = await brother(browser, userB);
  const badgeA = a.getByTestId("unread-badge");
  await expect(badgeA).toBeHidden();

  // B writes a post and picks @userA from the mention autocomplete.
  await b.goto("/pasture");
  await expect(b.getByRole("heading", { name: "The Pasture" })).toBeVisible();
  const box = b.getByLabel("Your post", { exact: true });
  await box.click();
  await box.pressSequentially(`Brothers, please pray with @${userA.username.slice(0, 10)}`);
  const option = b.getByRole("option", { name: new RegExp(userA.username) });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute("role", "combobox");
  await b.keyboard.press("Enter");
  await expect(b.getByRole("listbox")).toBeHidden();
  await box.pressSequentially("for his family this week.");
  const text = `Brothers, please pray with @${userA.username} for his family this week.`;
  await expect(box).toHaveValue(text);
  await b.getByRole("button", { name: "Share", exact: true }).click();
  await expect(b.getByText("Post shared")).toBeVisible();
  await expect(b.getByRole("article", { name: /Post by Bravo Tester/ }).first()).toContainText("please pray with");

  // A's bell shows 1 without reloading (the realtime channel).
  await expect(badgeA).toHaveText("1");
  await a.getByRole("button", { name: /^Notifications/ }).click();
  await expect(a.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(a.getByRole("button", { name: "Mark all read" })).toBeVisible();
  const panel = a.getByRole("region", { name: "Notifications" });
  await expect(panel.getByText(`@${userB.username}`, { exact: true })).toBeVisible();
  await expect(panel.getByText(text)).toBeVisible();
  await panel.getByText(text).click();
  await a.waitForURL((url) => url.pathname === "/pasture");
  await expect(badgeA).toBeHidden();

  // The post is there, the mention highlighted as text; A prays and comments back with a mention of B.
  const post = a.getByRole("article", { name: /Post by Bravo Tester/ }).first();
  await expect(post).toContainText(`@${userA.username}`);
  const praying = post.getByRole("button", { name: /Praying for you/ });
  await praying.click();
  await expect(praying).toHaveAttribute("aria-pressed", "true");
  await expect(praying).toContainText("1");
  await post.getByRole("button", { name: /Comments/ }).click();
  await a.getByLabel("Add a comment").fill(`Praying now, @${userB.username}.`);
  await a.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(a.getByText("Comment added")).toBeVisible();
  await expect(post.getByRole("button", { name: /Comments/ })).toContainText("1");

  // B hears about the comment live; the panel says "Mark all read" and clears it.
  const badgeB = b.getByTestId("unread-badge");
  await expect(badgeB).toHaveText("1");
  await b.getByRole("button", { name: /^Notifications/ }).click();
  await expect(b.getByText(`Praying now, @${userB.username}.`)).toBeVisible();
  await b.getByRole("button", { name: "Mark all read" }).click();
  await expect(badgeB).toBeHidden();
  await expect(b.getByRole("button", { name: "Mark all read" })).toBeHidden();
  await b.getByRole("button", { name: `Delete notification from @${userA.username}` }).click();
  await expect(b.getByText("No notifications yet")).toBeVisible();

  // User content is text: markup in a post shows as written and no script from it runs.
  const attack = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> Testing`;
  await b.goto("/pasture");
  await b.getByLabel("Your post", { exact: true }).fill(attack);
  await b.getByRole("button", { name: "Share", exact: true }).click();
  await expect(b.getByText("Post shared")).toBeVisible();
  await a.reload();
  await expect(a.getByText(attack)).toBeVisible();
  expect(await a.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await b.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await a.context().close();
  await b.context().close();
});

test("My Flock: create, invite by username, accept, reflect with a mention, and join by the invite link", async ({ browser }) => {
  test.setTimeout(180_000);
  const userA = newUser("owner");
  const userB = newUser("member");
  const a = await brother(browser, userA);
  const b = await brother(browser, userB);
  const flockName = `Iron Sharpens ${Date.now().toString(36)}`;

  // A starts a flock and invites B by username.
  await a.goto("/flock");
  await a.getByLabel("Flock name").fill(flockName);
  await a.getByRole("button", { name: "Create flock" }).click();
  await expect(a.getByText("Flock created")).toBeVisible();
  await expect(a.getByRole("heading", { name: flockName })).toBeVisible();
  expect(new URL(a.url()).searchParams.get("f")).toBeTruthy();
  await a.getByLabel("Invite by username").fill(`@${userB.username}`);
  await a.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(a.getByText("Invitation sent")).toBeVisible();
  await expect(a.getByText(`@${userB.username}`, { exact: true })).toBeVisible();
  const link = await a.getByLabel("Invite link").inputValue();
  expect(link).toMatch(/\/flock\/join\/[A-Za-z0-9_-]+$/);

  // B shares his streak, accepts, and shares a reflection that mentions A.
  await b.goto("/settings");
  await b.getByRole("switch", { name: "Share my streak with my flock" }).click();
  await expect(b.getByText("Streak shared")).toBeVisible();
  await expect(b.getByRole("switch", { name: "Share my streak with my flock" })).toHaveAttribute("aria-checked", "true");
  await b.goto("/flock");
  await b.getByRole("button", { name: `Accept the invitation to ${flockName}` }).click();
  await expect(b.getByText(`Welcome to ${flockName}`)).toBeVisible();
  await expect(b.getByRole("heading", { name: flockName })).toBeVisible();
  await expect(b.getByTestId("reflection-prompt")).not.toBeEmpty();
  const reflection = `Grateful for this flock. @${userA.username}, thank you for starting it.`;
  await b.getByLabel("Your reflection", { exact: true }).fill(reflection);
  await b.getByRole("button", { name: "Share with the flock" }).click();
  await expect(b.getByText("Reflection shared")).toBeVisible();
  await expect(b.getByRole("article", { name: /Reflection by Member Tester/ })).toContainText("Grateful for this flock.");

  // A is told live; the notification leads to /flock, and the flock shows B's reflection and shared streak.
  await expect(a.getByTestId("unread-badge")).toHaveText("1");
  await a.getByRole("button", { name: /^Notifications/ }).click();
  await a.getByRole("region", { name: "Notifications" }).getByText(reflection).click();
  await a.waitForURL((url) => url.pathname === "/flock" && !url.search);
  await expect(a.getByTestId("unread-badge")).toBeHidden();
  await a.getByRole("link", { name: new RegExp(flockName) }).click();
  await expect(a.getByRole("article", { name: /Reflection by Member Tester/ })).toContainText("Grateful for this flock.");
  const members = a.getByRole("region", { name: /^Members/ });
  await expect(members.getByRole("listitem").filter({ hasText: `@${userB.username}` })).toContainText("0 days streak");

  // A third brother opens the invite link before he has an account: after sign-up and onboarding it is still there.
  const userC = newUser("guest");
  const invitePath = new URL(link).pathname;
  const contextC = await browser.newContext({ ...devices["Pixel 7"], baseURL: test.info().project.use.baseURL });
  const c = await contextC.newPage();
  await c.goto(invitePath);
  await c.waitForURL("**/auth?from=onboarding");
  await signUpThroughOnboarding(c, userC, invitePath);
  await expect(c.getByRole("heading", { name: flockName })).toBeVisible();
  await c.getByRole("button", { name: `Join ${flockName}` }).click();
  await expect(c.getByText(`Welcome to ${flockName}`)).toBeVisible();
  await expect(c.getByRole("article", { name: /Reflection by Member Tester/ })).toContainText("Grateful for this flock.");

  for (const page of [a, b, c]) await page.context().close();
});
