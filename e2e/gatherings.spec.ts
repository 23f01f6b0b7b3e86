import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { chromiumLaunch } from "./chromium";
import { withDatabase } from "./database";
import { expectAccessibleLightAndDark, makeMember, newUser, type TestUser } from "./helpers";

/**
 * Live video gatherings (issue 16) in real Chromium: fake camera and microphone, loopback WebRTC between browser
 * contexts, our signaling socket in between. Each brother has his own context (his own cookies and media).
 */

// The media flags for this spec only: a fake camera and microphone, permission granted, loopback ICE allowed. The
// headless shell runs the same WebRTC as the browser (and each brother's video for about a fifth less CPU).
test.use({
  launchOptions: chromiumLaunch(process.env.CHROMIUM_HEADLESS_SHELL_PATH, [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--allow-loopback-in-peer-connection",
    "--autoplay-policy=no-user-gesture-required",
  ]),
  viewport: { width: 1024, height: 800 },
  isMobile: false,
  hasTouch: false,
});

interface Member {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

/** A member who finished onboarding, signed in in his own browser context (made through the API: this spec is about the room). */
async function member(browser: Browser, baseURL: string, prefix: string): Promise<Member> {
  const user = newUser(prefix);
  const context = await browser.newContext({ baseURL, permissions: ["camera", "microphone"] });
  await context.addInitScript(() => localStorage.setItem("onboardingComplete", "true"));
  await makeMember(context, user);
  return { user, context, page: await context.newPage() };
}

async function premium(m: Member) {
  await withDatabase((client) =>
    client.query(
      `insert into subscriptions (user_id, plan_type, status, current_period_end, provider)
       select id, 'premium_monthly', 'active', now() + interval '20 days', 'local' from users where email = $1`,
      [m.user.email],
    ),
  );
}

/** The host's flock with every brother in it, and a gathering started now. Answers its room name (and the flock's id). */
async function gatheringOf(baseURL: string, host: Member, brothers: Member[], title: string): Promise<string> {
  return (await gatheringAndFlock(baseURL, host, brothers, title)).room;
}

async function gatheringAndFlock(baseURL: string, host: Member, brothers: Member[], title: string) {
  const headers = { origin: baseURL };
  const flock = await (
    await host.context.request.post("/api/flocks", { data: { name: `Gathering ${Date.now().toString(36)}` }, headers })
  ).json();
  for (const b of brothers) {
    const invite = await host.context.request.post(`/api/flocks/${flock.id}/invitations`, {
      data: { username: b.user.username },
      headers,
    });
    expect(invite.status(), await invite.text()).toBe(201);
    expect((await b.context.request.post(`/api/flocks/${flock.id}/accept`, { data: {}, headers })).status()).toBe(200);
  }
  const created = await host.context.request.post("/api/gatherings", {
    data: { flock_id: flock.id, title, time_zone: "America/Chicago" },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  return { room: (await created.json()).room_name as string, flockId: flock.id as string };
}

/** Through the pre-join screen (small video: 160x120 at 10 fps) into the room. */
async function enter(m: Member, room: string) {
  await m.page.goto(`/pasture/gathering/${room}/join`);
  await expect(m.page.getByLabel("Your camera preview")).toBeVisible({ timeout: 60_000 });
  await m.page.getByRole("switch", { name: "Low bandwidth (small video)" }).click();
  await expect(m.page.getByRole("meter", { name: "Microphone level" })).toBeVisible();
  await m.page.getByRole("button", { name: "Join", exact: true }).click();
  await m.page.waitForURL(`**/pasture/gathering/${room}`);
  await expect(m.page.getByRole("toolbar", { name: "Gathering controls" })).toBeVisible();
}

/** The frames drawn so far of the remote video of `name`. */
const framesOf = (page: Page, name: string) =>
  page
    .getByRole("figure")
    .filter({ has: page.getByLabel(`${name}'s video`) })
    .locator("video")
    .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

/** His video of `name` is playing: its frame count grows. */
async function expectVideoFrom(page: Page, name: string) {
  await expect(page.getByLabel(`${name}'s video`)).toBeVisible({ timeout: 20_000 });
  let first = 0;
  await expect.poll(async () => (first = await framesOf(page, name)), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => framesOf(page, name), { timeout: 10_000 }).toBeGreaterThan(first + 3);
}

test("two brothers pass the pre-join screen, see each other's video, chat, and one sees the other leave", async ({
  browser,
  baseURL,
}) => {
  const host = await member(browser, baseURL!, "host");
  const guest = await member(browser, baseURL!, "guest");
  await premium(host);
  const room = await gatheringOf(baseURL!, host, [guest], "Evening prayer");

  // The guest's bell says it started, and its link leads to the pre-join screen.
  await guest.page.goto("/");
  await guest.page
    .getByRole("button", { name: /Notifications/ })
    .first()
    .click();
  await expect(guest.page.getByText("started a gathering: join your brothers")).toBeVisible();
  await guest.page.getByText("started a gathering: join your brothers").click();
  await guest.page.waitForURL(`**/pasture/gathering/${room}/join`);

  await enter(host, room);
  // The pre-join screen shows who is inside.
  await guest.page.reload();
  await expect(guest.page.getByTestId("inside")).toContainText("Host Tester");
  await expect(guest.page.getByText("You'll appear as")).toContainText("Guest Tester");
  await expectAccessibleLightAndDark(guest.page, "the pre-join screen");
  await enter(guest, room);

  await expectVideoFrom(host.page, "Guest Tester");
  await expectVideoFrom(guest.page, "Host Tester");
  await expect(host.page.getByTestId("video-grid")).toHaveAttribute("data-count", "2");
  await expectAccessibleLightAndDark(host.page, "the room");

  await guest.page.getByLabel("Message your brothers").fill("Peace be with you");
  await guest.page.getByRole("button", { name: "Send message" }).click();
  await expect(host.page.getByTestId("chat-log")).toContainText("Guest Tester: Peace be with you");

  await guest.page.getByRole("button", { name: "Raise hand" }).click();
  await expect(host.page.getByRole("figure").filter({ hasText: "Guest Tester" }).getByLabel("Hand raised")).toBeVisible();

  await guest.page.getByRole("button", { name: "Leave" }).click();
  await guest.page.waitForURL("**/pasture/gatherings");
  await expect(host.page.getByTestId("chat-log")).toContainText("Guest Tester left");
  await expect(host.page.getByLabel("Guest Tester's video")).toHaveCount(0);
  await expect(host.page.getByTestId("video-grid")).toHaveAttribute("data-count", "1");

  // The host ends it: the pre-join screen says so afterwards.
  host.page.once("dialog", (dialog) => void dialog.accept());
  await host.page.getByRole("button", { name: "End for all" }).click();
  await expect(host.page.getByRole("heading", { name: "The gathering has ended" })).toBeVisible();
  await guest.page.goto(`/pasture/gathering/${room}/join`);
  await expect(guest.page.getByRole("heading", { name: "This gathering has ended" })).toBeVisible();
  await host.context.close();
  await guest.context.close();
});

test("a stranger and a room that does not exist get clear screens; a free member sees the Premium prompt where hosting is", async ({
  browser,
  baseURL,
}) => {
  const host = await member(browser, baseURL!, "owner");
  const stranger = await member(browser, baseURL!, "stranger");
  await premium(host);
  const { room, flockId } = await gatheringAndFlock(baseURL!, host, [], "Private prayer");
  await stranger.page.goto(`/pasture/gathering/${room}/join`);
  await expect(stranger.page.getByRole("heading", { name: "Not your flock's gathering" })).toBeVisible();
  await stranger.page.goto("/pasture/gathering/nosuchroom0000/join");
  await expect(stranger.page.getByRole("heading", { name: "No gathering here" })).toBeVisible();
  await stranger.page.goto("/pasture/gatherings");
  await expect(stranger.page.getByRole("heading", { name: "Gatherings", level: 1 })).toBeVisible();
  await expect(stranger.page.getByTestId("upgrade-prompt-gathering_viewing")).toBeVisible();
  await host.page.goto(`/flock?f=${flockId}`);
  await expect(host.page.getByRole("heading", { name: "Gatherings", level: 2 })).toBeVisible();
  await expect(host.page.getByRole("link", { name: "Join Private prayer" })).toBeVisible();
  await expectAccessibleLightAndDark(host.page, "the flock's page with a gathering");
  await host.page.goto("/pasture/gatherings");
  await expect(host.page.getByRole("link", { name: "Join Private prayer" })).toBeVisible();
  await expect(host.page.getByRole("button", { name: "Host a gathering" })).toBeVisible();
  await host.context.close();
  await stranger.context.close();
});

test("four brothers in one room each see the three others' video (slower)", async ({ browser, baseURL }) => {
  const people = await Promise.all(["one", "two", "three", "four"].map((p) => member(browser, baseURL!, p)));
  const [host, ...brothers] = people as [Member, ...Member[]];
  await premium(host);
  const room = await gatheringOf(baseURL!, host, brothers, "Four of us");
  for (const m of people) await enter(m, room);
  for (const m of people) {
    await expect(m.page.getByTestId("video-grid")).toHaveAttribute("data-count", "4", { timeout: 20_000 });
    for (const other of people) if (other !== m) await expectVideoFrom(m.page, other.user.name);
  }
  for (const m of people) await m.context.close();
});
