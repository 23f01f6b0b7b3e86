import { expect, test } from "@playwright/test";
import { makeMember, newUser } from "./helpers";

/**
 * Issue 14: a member's first load in a browser that has never seen him (no hints in its storage, no service worker)
 * asks for what Today needs at once, because the page the server sends for his session says who he is.
 */
test("a member's first load in a new browser asks for the session, his profile, Today's screen and Today's code at once", async ({
  page,
}) => {
  await makeMember(page.context(), newUser("firstload"));
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/") || pathname.includes("/today-page-")) seen.push(`asked ${pathname}`);
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/auth/get-session") seen.push("the session answered");
  });
  await page.goto("/");
  await expect(page.getByTestId("streak")).toBeVisible();

  const beforeTheSession = seen.slice(0, seen.indexOf("the session answered"));
  expect(beforeTheSession).toEqual(
    expect.arrayContaining([
      "asked /api/auth/get-session",
      "asked /api/me",
      "asked /api/today",
      expect.stringMatching(/^asked \/assets\/today-page-[\w-]+\.js$/),
    ]),
  );
  // The browser asked for those three while reading the page, and the app took its answers: each was asked once.
  for (const asked of ["/api/auth/get-session", "/api/me", "/api/today"]) {
    expect(seen.filter((line) => line === `asked ${asked}`)).toHaveLength(1);
  }
  // The page's word became the browser's own hints, and the tag is gone.
  expect(
    await page.evaluate(() => ({
      signedIn: localStorage.getItem("signedIn"),
      onboarded: localStorage.getItem("onboardingComplete"),
      tag: document.querySelector('meta[name="shepherd-member"]') !== null,
    })),
  ).toEqual({ signedIn: "true", onboarded: "true", tag: false });
});
