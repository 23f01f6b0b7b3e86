import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

export interface TestUser {
  name: string;
  email: string;
  password: string;
  username: string;
}

/** Sign up as admins (global-setup.ts passes them in ADMIN_EMAILS); one account each, so one test may use each per run. */
export const LAYOUT_ADMIN_EMAIL = "layout-admin@example.com";
export const SWEEP_ADMIN_EMAIL = "admin-sweep@example.com";
export const WALK_ADMIN_EMAIL = "admin-walk@example.com";
export const SUPPORT_ADMIN_EMAIL = "admin-support@example.com";
export const EXPERIMENTS_ADMIN_EMAIL = "admin-experiments@example.com";

let counter = 0;

export function newUser(prefix = "user"): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`,
    email: `${prefix}-${id}@example.com`,
    password: "Green-Pastures-2026",
    username: `${prefix}_${id}`.slice(0, 30).toLowerCase(),
  };
}

/**
 * Signs up on /auth?from=onboarding and walks every onboarding step to Today (or to `landsOn`, when a link opened
 * before signing up is resumed). At plan selection it skips, or starts the first plan offered when `firstPlan` is set.
 */
export async function signUpThroughOnboarding(
  page: Page,
  user: TestUser,
  landsOn = "/",
  options: { firstPlan?: boolean; onStep?: (page: Page) => Promise<void> } = {},
) {
  const step = async (url: string) => {
    await page.waitForURL(url);
    await options.onStep?.(page);
  };
  await page.goto("/auth?from=onboarding");
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.getByLabel("Display Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
  await step("**/onboarding/focus");
  await page.getByRole("button", { name: "Marriage" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await step("**/onboarding/intentions");
  await page.getByRole("button", { name: "Pressure at work" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await step("**/onboarding/profile");
  await page.getByLabel("Username").fill(user.username);
  await expect(page.getByText(`@${user.username} is available`)).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await step("**/onboarding/plan-selection");
  // The plans load under the heading and push "Skip for now" down: a click while they land can miss the moving button.
  await expect(page.getByText("Finding plans for you")).toHaveCount(0);
  if (options.firstPlan)
    await page
      .getByRole("button", { name: /^Start .+ today$/ })
      .first()
      .click();
  else await page.getByRole("button", { name: "Skip for now" }).click();
  await step("**/onboarding/complete");
  await page.getByRole("button", { name: "Begin" }).click();
  await page.waitForURL((url) => url.pathname === landsOn);
  if (landsOn === "/") await expect(page.getByTestId("streak")).toBeVisible();
}

/**
 * The member signUpThroughOnboarding makes (Marriage, "Pressure at work", his username, no plan or the first one
 * offered), made through the API the onboarding pages call, in a browser context (its cookie jar gets the session).
 * For specs about something after onboarding: walking its five pages costs a test 10 to 20 s on two busy cores.
 * auth.spec, path.spec, shell.spec, layout.spec's titles and the accessibility sweep walk the pages themselves.
 */
export async function makeMember(context: BrowserContext, user: TestUser, options: { firstPlan?: boolean } = {}) {
  const request = context.request;
  // The context's own server (a spec may give its context another baseURL than the project's).
  const origin = new URL((await request.get("/api/health")).url()).origin;
  const send = async (method: string, url: string, data?: unknown) => {
    const response = await request.fetch(url, { method, data, headers: { origin } });
    if (!response.ok()) throw new Error(`${method} ${url}: HTTP ${response.status()} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  await send("POST", "/api/auth/sign-up/email", { name: user.name, email: user.email, password: user.password });
  await send("PATCH", "/api/profile", {
    focus: ["marriage"],
    current_topics: ["work_pressure"],
    display_name: user.name,
    username: user.username,
  });
  if (options.firstPlan) {
    const [plan] = (await send("GET", "/api/path/onboarding-plans")) as Array<{ id: string }>;
    if (!plan) throw new Error("onboarding offered no plan");
    await send("POST", `/api/path/plans/${plan.id}/follow`, {});
  }
  await send("POST", "/api/onboarding/complete", {});
}

/** makeMember in the page's context, then Today (or `landsOn`) opened. */
export async function signUpMember(page: Page, user: TestUser, landsOn = "/", options: { firstPlan?: boolean } = {}) {
  await makeMember(page.context(), user, options);
  await page.goto(landsOn);
  if (landsOn === "/") await expect(page.getByTestId("streak")).toBeVisible();
}

export async function signIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signOutFromSettings(page: Page) {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign out", exact: true }).last().click();
  await page.waitForURL("**/auth");
}

/** Premium through the local test checkout, as in premium.spec.ts. */
export async function becomePremium(page: Page) {
  await page.goto("/subscription");
  await page.getByRole("radio", { name: /Premium Monthly/ }).click();
  await page.getByRole("button", { name: "Start 14-day free trial" }).click();
  await page.waitForURL("**/api/billing/test-checkout/**");
  await page.getByRole("button", { name: "Complete test purchase" }).click();
  await page.waitForURL("**/success");
  await expect(page.getByRole("heading", { name: "Welcome to Premium" })).toBeVisible();
}

/** Waits for a mail to `to` in the SMTP sink and returns its decoded text. */
export async function waitForMail(to: string, subject: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the tests with npm run test:e2e");
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    for (const file of fs.readdirSync(dir)) {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      if (raw.includes(`X-Envelope-To: ${to}`) && subject.test(raw)) {
        // quoted-printable soft line breaks and escapes
        return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject} arrived`);
}

/**
 * Runs axe on the page once every finite animation has finished (spinners and skeletons loop forever and are not
 * waited for). Toasts are left out: they come and go on their own, and one sliding in while axe reads the page is half
 * transparent, a contrast nobody reads.
 */
export async function expectNoSeriousViolations(page: Page) {
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map(describeViolation)).toEqual([]);
}

/**
 * Every axe violation, whatever its impact, named with where it is (the route sweep in a11y.spec.ts). A soft check:
 * the sweep goes on and reports every page that fails, not only the first.
 */
export async function expectNoViolations(page: Page, where: string) {
  expect.soft((await axeViolations(page)).map(describeViolation), where).toEqual([]);
}

async function axeViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  return (await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze()).violations;
}

function describeViolation(v: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }) {
  return `${v.id} (${v.impact ?? "?"}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`;
}
