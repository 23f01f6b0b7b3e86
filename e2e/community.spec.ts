import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE } from "./phone";
import { withDatabase } from "./database";
import { expectNoSeriousViolations, makeMember, newUser, signUpMember, signUpThroughOnboarding, type TestUser } from "./helpers";

// The Pasture's feed is everyone's: one test here writes 25 posts and another looks for a brother's post near the top,
// so this file's tests run one after the other (the suite's others run in parallel: playwright.config.ts).
test.describe.configure({ mode: "default" });

/** Each brother in his own browser context (his own cookies), on the project's phone. */
async function brother(browser: Browser, user: TestUser, beforeLoad?: (page: Page) => void): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  beforeLoad?.(page);
  await signUpMember(page, user);
  return page;
}

/** POSTs JSON from the page itself, as the app does (same origin, the page's session cookie). */
async function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([url, json]) =>
      (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) })).status,
    [path, body] as const,
  );
}

async function myId(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/me")).json()) as { user: { id: string } }).user.id);
}

test("a mention in The Pasture reaches the bell live; the panel marks it read and leads to /pasture", async ({ browser }) => {
  const userA = newUser("alpha");
  const userB = newUser("bravo");
  // No polling: A's page asks for its notifications only when the realtime channel says something changed. It asks
  // with the page, and again once its stream is open (a change made while it was down is not missed); from then on,
  // only when told.
  const fetchesByA: string[] = [];
  let settled: () => void = () => {};
  const streamOpenAndAsked = new Promise<void>((resolve) => (settled = resolve));
  const a = await brother(browser, userA, (page) => {
    // The stream opens once the page is idle, after its first ask; the first ask after the stream's is the one its
    // opening makes.
    let streamAsked = false;
    let onOpen: unknown;
    const path = (url: string) => new URL(url).pathname;
    page.on("request", (request) => {
      if (path(request.url()) === "/api/realtime") streamAsked = true;
      if (request.method() !== "GET" || path(request.url()) !== "/api/notifications") return;
      fetchesByA.push(request.url());
      if (streamAsked) onOpen ??= request;
    });
    page.on("requestfinished", (request) => {
      if (request === onOpen) settled();
    });
  });
  const b = await brother(browser, userB);
  const badgeA = a.getByTestId("unread-badge");
  await expect(badgeA).toBeHidden();
  await streamOpenAndAsked;
  fetchesByA.length = 0;

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
  expect(fetchesByA, "A's page fetched its notifications while nothing changed").toEqual([]);
  await b.getByRole("button", { name: "Share", exact: true }).click();
  await expect(b.getByText("Post shared")).toBeVisible();
  await expect(b.getByRole("article", { name: /Post by Bravo Tester/ }).first()).toContainText("please pray with");

  // A's bell shows 1 without reloading (the realtime channel).
  await expect(badgeA).toHaveText("1");
  expect(fetchesByA.length).toBeGreaterThan(0);
  const bell = a.getByRole("button", { name: /^Notifications/ });
  await bell.click();
  await expect(a.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(a.getByRole("button", { name: "Mark all read" })).toBeVisible();
  const panel = a.getByRole("region", { name: "Notifications" });
  expect((await panel.getByTestId("notification-list").boundingBox())?.height).toBe(400);
  const item = panel.getByRole("listitem").filter({ hasText: text });
  await expect(item.getByTestId("notification-avatar")).toHaveText("B");
  await expect(item.locator('[data-icon="note"]')).toBeVisible();
  await expect(item.getByText(/^(less than a minute|1 minute) ago$/)).toBeVisible();
  await expect(panel.getByText(`@${userB.username}`, { exact: true })).toBeVisible();
  await expect(item).toContainText(`${userB.name} mentioned you in a post`);
  await expect(panel.getByText(text)).toBeVisible();
  // Clicking outside closes the panel and changes nothing.
  await a.mouse.click(4, 700);
  await expect(panel).toBeHidden();
  await expect(badgeA).toHaveText("1");
  expect(new URL(a.url()).pathname).toBe("/");
  await bell.click();
  await panel.getByText(text).click();
  // It leads to /pasture with that very post first, under a heading that takes focus.
  await a.waitForURL((url) => url.pathname === "/pasture" && url.searchParams.has("post"));
  await expect(panel).toBeHidden();
  await expect(badgeA).toBeHidden();
  const linked = a.getByRole("region", { name: "The post you were mentioned in" });
  await expect(a.getByRole("heading", { name: "The post you were mentioned in" })).toBeFocused();
  await expect(linked.getByRole("article", { name: /Post by Bravo Tester/ })).toContainText(text);
  await linked.getByRole("link", { name: "Show all posts" }).click();
  await a.waitForURL((url) => url.pathname === "/pasture" && !url.search);
  await expect(linked).toBeHidden();

  // The post is there, the mention a link; A prays and comments back with a mention of B.
  const post = a.getByRole("article", { name: /Post by Bravo Tester/ }).first();
  await expect(post).toContainText(`@${userA.username}`);
  const praying = post.getByRole("button", { name: /Praying for you/ });
  await expect(praying).toHaveText("Praying for you"); // no "0" before anyone prays
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
  const fromA = b.getByRole("region", { name: "Notifications" }).getByRole("listitem").first();
  await expect(fromA.getByTestId("notification-avatar")).toHaveText("A");
  await expect(fromA.locator('[data-icon="speech-bubble"]')).toBeVisible();
  await b.getByRole("button", { name: "Mark all read" }).click();
  await expect(badgeB).toBeHidden();
  await expect(b.getByRole("button", { name: "Mark all read" })).toBeHidden();
  // A comment's mention leads to its post with the comments open and that comment marked.
  await expect(fromA).toContainText(`${userA.name} mentioned you in a comment`);
  await fromA.getByText(`Praying now, @${userB.username}.`).click();
  await b.waitForURL((url) => url.pathname === "/pasture" && url.searchParams.has("comment"));
  const markedComment = b.getByRole("region", { name: "The post you were mentioned in" }).locator('li[aria-current="true"]');
  await expect(markedComment).toContainText(`Praying now, @${userB.username}.`);
  await b.getByRole("button", { name: /^Notifications/ }).click();
  await b.getByRole("button", { name: `Delete notification from @${userA.username}` }).click();
  await expect(b.getByText("No notifications yet")).toBeVisible();

  // Each @mention is a link to that brother's profile (and so is the author's @username, with his name).
  await b.keyboard.press("Escape");
  const mention = b
    .getByRole("article", { name: /Post by Bravo Tester/ })
    .first()
    .getByRole("link", { name: `@${userA.username}`, exact: true });
  await mention.click();
  await b.waitForURL(`**/profile/${encodeURIComponent(`@${userA.username}`)}`);
  await expect(b.getByRole("heading", { name: userA.name, level: 1 })).toBeVisible();
  await b.goBack();

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

  // More than 9 unread: the badge says "9+", live.
  for (let i = 1; i <= 10; i++) {
    expect(await postFromPage(b, "/api/pasture/posts", { body: `Word ${i} for @${userA.username}` })).toBe(201);
  }
  await expect(badgeA).toHaveText("9+");
  // While the list is on its way the panel says so.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await a.route("**/api/notifications", async (route) => {
    await held;
    await route.continue();
  });
  await a.reload();
  await bell.click();
  await expect(panel.getByText("Loading notifications...")).toBeVisible();
  release();
  await expect(panel.getByText(`Word 10 for @${userA.username}`)).toBeVisible();
  await expect(panel.getByText("Loading notifications...")).toBeHidden();
  await expect(panel.getByRole("listitem")).toHaveCount(11);
  await a.unroute("**/api/notifications");
  // Spec section 8: a failed delete is console-only, and the list shows what the server still has.
  const consoleErrors: string[] = [];
  a.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const failure = { error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } };
  await a.route("**/api/notifications/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(failure) })
      : route.fallback(),
  );
  await panel
    .getByRole("button", { name: `Delete notification from @${userB.username}` })
    .first()
    .click();
  await expect.poll(() => consoleErrors.some((text) => text.includes("could not delete the notification"))).toBe(true);
  await expect(panel.getByRole("listitem")).toHaveCount(11);
  await expect(a.getByText(failure.error.message)).toHaveCount(0);
  await a.unroute("**/api/notifications/*");
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(badgeA).toBeHidden();
  await a.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // Profiles: B's, from his name on a post, shows who he is and his posts; A's own links to Settings.
  const idA = await myId(a);
  const idB = await myId(b);
  await a.goto("/pasture");
  await a
    .getByRole("article", { name: /Post by Bravo Tester/ })
    .first()
    .getByRole("link", { name: "Bravo Tester" })
    .click();
  await a.waitForURL((url) => url.pathname === `/profile/${idB}`);
  await expect(a.getByRole("heading", { level: 1, name: "Bravo Tester" })).toBeVisible();
  await expect(a.getByRole("paragraph").filter({ hasText: new RegExp(`^@${userB.username}$`) })).toBeVisible();
  // No picture: the avatar is the first letter of his name.
  await expect(a.getByRole("heading", { level: 1 }).locator("xpath=../preceding-sibling::*[1]")).toHaveText("B");
  await expect(a.getByRole("list", { name: "Focus" })).toHaveText("Marriage");
  const postsOfB = a.getByRole("list", { name: "Posts by Bravo Tester" });
  await expect(postsOfB.getByRole("article").first()).toContainText(`Word 10 for @${userA.username}`);
  await expect(postsOfB.getByText(text)).toBeVisible();
  await expect(a.getByRole("link", { name: "Edit profile" })).toHaveCount(0);
  await a.goto(`/profile/${idA}`);
  await expect(a.getByRole("heading", { level: 1, name: "Alpha Tester" })).toBeVisible();
  await expect(a.getByText("You haven't shared in The Pasture yet.")).toBeVisible();
  await a.getByRole("link", { name: "Edit profile" }).click();
  await a.waitForURL((url) => url.pathname === "/settings");

  await a.context().close();
  await b.context().close();
});

test("My Flock: create, invite by username, accept, reflect with a mention, and join by the invite link", async ({ browser }) => {
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

  // A is told live; the notification leads to /flock, to that flock with B's reflection first, and shows his shared streak.
  await expect(a.getByTestId("unread-badge")).toHaveText("1");
  await a.getByRole("button", { name: /^Notifications/ }).click();
  await expect(a.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    "Member Tester mentioned you in your flock",
  );
  await a.getByRole("region", { name: "Notifications" }).getByText(reflection).click();
  await a.waitForURL((url) => url.pathname === "/flock" && url.searchParams.has("reflection"));
  await expect(a.getByTestId("unread-badge")).toBeHidden();
  await expect(a.getByRole("heading", { name: "The reflection you were mentioned in" })).toBeFocused();
  await expect(
    a
      .getByRole("region", { name: "The reflection you were mentioned in" })
      .getByRole("article", { name: /Reflection by Member Tester/ }),
  ).toContainText("Grateful for this flock.");
  await expect(a.getByRole("heading", { name: flockName })).toBeVisible();
  const members = a.getByRole("region", { name: /^Members/ });
  await expect(members.getByRole("listitem").filter({ hasText: `@${userB.username}` })).toContainText("0 days streak");

  // A third brother opens the invite link before he has an account: after sign-up and onboarding it is still there.
  const userC = newUser("guest");
  const invitePath = new URL(link).pathname;
  const contextC = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const c = await contextC.newPage();
  await c.goto(invitePath);
  await c.waitForURL("**/auth?from=onboarding");
  await signUpThroughOnboarding(c, userC, invitePath);
  await expect(c.getByRole("heading", { name: flockName })).toBeVisible();
  await c.getByRole("button", { name: `Join ${flockName}` }).click();
  await expect(c.getByText(`Welcome to ${flockName}`)).toBeVisible();
  await expect(c.getByRole("article", { name: /Reflection by Member Tester/ })).toContainText("Grateful for this flock.");

  // B leaves; the flock goes on without him and its page is closed to him.
  await b.reload();
  await expect(b.getByRole("heading", { name: flockName })).toBeVisible();
  const flockUrl = b.url();
  b.once("dialog", (dialog) => void dialog.accept());
  await b.getByRole("button", { name: "Leave flock" }).click();
  await expect(b.getByText(`You left ${flockName}`)).toBeVisible();
  await b.waitForURL((url) => url.pathname === "/flock" && !url.search);
  await expect(b.getByRole("link", { name: new RegExp(flockName) })).toHaveCount(0);
  await b.goto(flockUrl);
  await expect(b.getByRole("heading", { name: "This flock isn't available" })).toBeVisible();
  await a.reload();
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(members).not.toContainText(`@${userB.username}`);

  for (const page of [a, b, c]) await page.context().close();
});

test("my own posts and comments: edit and delete; someone else's: report; older posts load as I scroll", async ({ browser }) => {
  const userA = newUser("writer");
  const userB = newUser("reader");
  const a = await brother(browser, userA);
  const b = await brother(browser, userB);
  a.on("dialog", (dialog) => void dialog.accept());
  b.on("dialog", (dialog) => void dialog.accept());

  // A shares a prayer request with a scripture reference, then edits it.
  await a.goto("/pasture");
  await a
    .locator("label")
    .filter({ hasText: /^Prayer request$/ })
    .click();
  await expect(a.getByRole("radio", { name: "Prayer request" })).toBeChecked();
  await a.getByLabel("Your prayer request", { exact: true }).fill("Pray for my son's first week at college.");
  await a.getByLabel("Scripture reference (optional)").fill("Joshua 1:9");
  await a.getByRole("button", { name: "Share prayer request" }).click();
  await expect(a.getByText("Prayer request shared")).toBeVisible();
  const request = a.getByRole("article", { name: /Prayer request by Writer Tester/ }).first();
  await expect(request).toContainText("Joshua 1:9");
  await request.getByRole("button", { name: "Edit prayer request" }).click();
  await a.getByLabel("Edit your prayer request").fill("Pray for my son's first month at college.");
  // "edited" shows for a change made more than a second after posting (not for the post's own write): the post is made
  // two seconds older in the database rather than waited for.
  await withDatabase((client) =>
    client.query(
      "update posts set created_at = created_at - interval '2 seconds', updated_at = updated_at - interval '2 seconds' where body = $1",
      ["Pray for my son's first week at college."],
    ),
  );
  await a.getByRole("button", { name: "Save", exact: true }).click();
  await expect(a.getByText("Post updated")).toBeVisible();
  await expect(request).toContainText("Pray for my son's first month at college.");
  await expect(request).toContainText("edited");

  // B encourages it, comments, edits and deletes his comment, and reports A's post.
  await b.goto("/pasture");
  const seen = b.getByRole("article", { name: /Prayer request by Writer Tester/ }).first();
  await expect(seen).toContainText("first month at college");
  await expect(seen.getByRole("button", { name: "Edit prayer request" })).toHaveCount(0);
  const encouraged = seen.getByRole("button", { name: /Encouraged/ });
  await encouraged.click();
  await expect(encouraged).toHaveAttribute("aria-pressed", "true");
  await seen.getByRole("button", { name: /Comments/ }).click();
  await b.getByLabel("Add a comment").fill("Praying for him by name.");
  await b.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(b.getByText("Comment added")).toBeVisible();
  await b.getByRole("button", { name: "Edit comment" }).click();
  await b.getByLabel("Edit your comment").fill("Praying for him by name every morning.");
  await b.getByRole("button", { name: "Save", exact: true }).click();
  await expect(b.getByText("Comment updated")).toBeVisible();
  await expect(b.getByText("Praying for him by name every morning.")).toBeVisible();
  await b.getByRole("button", { name: "Delete comment" }).click();
  await expect(b.getByText("Comment deleted")).toBeVisible();
  await expect(b.getByText("Praying for him by name every morning.")).toBeHidden();
  await expect(seen.getByRole("button", { name: /Comments/ })).toContainText("0");
  await seen.getByRole("button", { name: "Report prayer request" }).click();
  const dialog = b.getByRole("dialog", { name: "Report this post" });
  await dialog.getByLabel("Reason").fill("Testing the report");
  await dialog.getByRole("button", { name: "Report", exact: true }).click();
  await expect(b.getByText("Reported. Thank you for looking out for your brothers.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // A deletes the request; it is gone for B too.
  await a.reload();
  await a
    .getByRole("article", { name: /Prayer request by Writer Tester/ })
    .first()
    .getByRole("button", { name: "Delete prayer request" })
    .click();
  await expect(a.getByText("Post deleted")).toBeVisible();
  await b.reload();
  await expect(b.getByRole("heading", { name: "The Pasture" })).toBeVisible();
  await expect(b.getByText("first month at college")).toHaveCount(0);

  // Twenty-five posts: a profile shows the newest 20, and the rest load as B scrolls.
  for (let i = 1; i <= 25; i++) expect(await postFromPage(a, "/api/pasture/posts", { body: `Proverb ${i} of 25` })).toBe(201);
  await b.goto(`/profile/${await myId(a)}`);
  const posts = b.getByRole("list", { name: "Posts by Writer Tester" }).getByRole("article");
  await expect(posts).toHaveCount(20);
  await expect(posts.first()).toContainText("Proverb 25 of 25");
  await posts.last().scrollIntoViewIfNeeded();
  await b.mouse.wheel(0, 5_000);
  await expect(posts).toHaveCount(25);
  await expect(posts.last()).toContainText("Proverb 1 of 25");
  await expect(b.getByText("You're all caught up.")).toBeVisible();

  await a.context().close();
  await b.context().close();
});

test("The Pasture on a phone: the composer is one line until he starts to write", async ({ page }) => {
  await makeMember(page.context(), newUser("composer"));
  await page.goto("/pasture");
  const box = page.getByLabel("Your post", { exact: true });
  await expect(box).toHaveAttribute("rows", "1");
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeHidden();
  await expect(page.getByLabel("Scripture reference (optional)")).toBeHidden();
  await box.focus();
  await expect(box).toHaveAttribute("rows", "3");
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeDisabled();
  await expect(page.getByLabel("Scripture reference (optional)")).toBeVisible();
  // Left empty, it folds back; with words in it, it stays open.
  await page.getByRole("heading", { name: "The Pasture" }).click();
  await expect(box).toHaveAttribute("rows", "1");
  await box.fill("Grateful for this morning.");
  await page.getByRole("heading", { name: "The Pasture" }).click();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeEnabled();
  await expectNoSeriousViolations(page);
});
