import { expect, test } from "@playwright/test";
import { newUser, signUpMember } from "./helpers";

test("a signed-out first load logs no console error and breaks no Content-Security-Policy rule", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: /Welcome Back|Create Your Account/ })).toBeVisible();
  await page.getByLabel("Email").fill("someone@example.com"); // the form's schemas run
  expect(problems).toEqual([]);
});

test("a signed-in member's pages run without a Content-Security-Policy violation", async ({ page }) => {
  // The browser reports each violation as a DOM event (not a console call); collect them in the page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const violations: string[] = [];
  const collect = async () =>
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
  await signUpMember(page, newUser("csp"));
  await collect();
  for (const route of ["/", "/path", "/path/create/basics", "/journal", "/settings"]) {
    await page.goto(route);
    await expect(page.locator("main").first()).toBeVisible();
    await collect();
  }
  expect(violations).toEqual([]);
});

test("/robots.txt and the web app manifest answer as what they are, not as the app's page", async ({ request, page }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toContain("User-agent: *");

  await page.goto("/auth");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await request.get(href!);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: unknown[] };
  expect(body).toMatchObject({ name: "Shepherd", start_url: "/", display: "standalone" });
  expect(body.icons.length).toBeGreaterThan(0);
});

test("/success tells the truth: a member who did not pay is not told he is Premium; a visitor is asked to sign in", async ({
  page,
}) => {
  await page.goto("/success");
  await expect(page.getByRole("heading", { name: "Sign in to see your subscription" })).toBeVisible();

  await signUpMember(page, newUser("nopay"));
  await page.clock.install();
  await page.goto("/success");
  await expect(page.getByRole("heading", { name: "Confirming your subscription" })).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole("heading", { name: "Not confirmed yet" })).toBeVisible();
  await expect(page.getByText("Your account is still on the free plan")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Premium" })).toBeHidden();
  await expect(page.locator("header").first().getByRole("link", { name: "Upgrade" })).toBeVisible();
});
