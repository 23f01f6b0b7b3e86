import axe from "axe-core";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { testCostHash } from "../apps/server/src/auth/password-hashing";
import { withDatabase } from "./database";

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
/** The e2e server's ADMIN_EMAILS (global-setup.ts). */
export const ADMIN_EMAILS = [
  LAYOUT_ADMIN_EMAIL,
  SWEEP_ADMIN_EMAIL,
  WALK_ADMIN_EMAIL,
  SUPPORT_ADMIN_EMAIL,
  EXPERIMENTS_ADMIN_EMAIL,
];

const SESSION_COOKIE = "shepherd.session_token";

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
 * The member signUpThroughOnboarding makes (Marriage, "Pressure at work", his username, onboarded; no plan or the first
 * one offered), written straight into the e2e server's database with a session, whose signed cookie is put in the
 * context's jar, as a login fixture does. The rows are the ones sign-up and onboarding write (users, accounts with the
 * password hashed as the server hashes it, profiles, sessions), the role the server gives his email. For specs about
 * something after onboarding: walking its five pages costs a test 10 to 20 s on two busy cores, and a sign-up through
 * the API a standard password hash. auth.spec, path.spec, shell.spec, layout.spec's titles and the accessibility sweep
 * walk the pages themselves; the integration suite signs up through the API.
 */
export async function makeMember(
  context: BrowserContext,
  user: TestUser,
  options: { firstPlan?: boolean; /** Another server's database (a spec's own server) */ database?: string } = {},
) {
  const token = randomBytes(24).toString("base64url");
  const passwordHash = await testCostHash(user.password);
  await withDatabase(async (client) => {
    await client.query("begin");
    try {
      const id = randomUUID();
      const role = ADMIN_EMAILS.includes(user.email.toLowerCase()) ? "admin" : "user";
      await client.query("insert into users (id, name, email, role) values ($1, $2, $3, $4)", [id, user.name, user.email, role]);
      await client.query(
        "insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)",
        [randomUUID(), id, passwordHash],
      );
      await client.query(
        `insert into profiles (id, display_name, username, focus, current_topics, onboarding_completed_at)
         values ($1, $2, $3, array['marriage'], array['work_pressure'], now())`,
        [id, user.name, user.username],
      );
      await client.query(
        "insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '30 days')",
        [randomUUID(), token, id],
      );
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  }, options.database);
  // The context's own server (a spec may give its context another baseURL than the project's).
  const origin = new URL((await context.request.get("/api/health")).url()).origin;
  await context.addCookies([
    { name: SESSION_COOKIE, value: signedCookieValue(token), url: origin, httpOnly: true, sameSite: "Lax" },
  ]);
  if (options.firstPlan) {
    const send = async (method: string, url: string) => {
      const response = await context.request.fetch(url, {
        method,
        data: method === "POST" ? {} : undefined,
        headers: { origin },
      });
      if (!response.ok()) throw new Error(`${method} ${url}: HTTP ${response.status()} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    const [plan] = (await send("GET", "/api/path/onboarding-plans")) as Array<{ id: string }>;
    if (!plan) throw new Error("onboarding offered no plan");
    await send("POST", `/api/path/plans/${plan.id}/follow`);
  }
}

/** Better Auth's session cookie: the token, a dot and its HMAC-SHA256 under the server's secret, URI-encoded. */
function signedCookieValue(token: string): string {
  const secret = process.env.E2E_AUTH_SECRET;
  if (!secret) throw new Error("E2E_AUTH_SECRET is not set: run the tests with npm run test:e2e");
  return encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);
}

/** makeMember in the page's context, then Today (or `landsOn`) opened. */
export async function signUpMember(page: Page, user: TestUser, landsOn = "/", options: Parameters<typeof makeMember>[2] = {}) {
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
 * the sweep goes on and reports every page that fails, not only the first. `contrastOnly` runs the one rule a colour
 * scheme can change (the dark theme's pass: its structure, names and roles are the light pass's).
 */
export async function expectNoViolations(page: Page, where: string, options: { contrastOnly?: boolean } = {}) {
  expect.soft((await axeViolations(page, options)).map(describeViolation), where).toEqual([]);
}

/**
 * axe on the page as it is in the light theme (every rule), then in the dark one (colour contrast: all a theme changes),
 * back in light after. `ready` waits for what the page shows once it has settled in each theme.
 */
export async function expectAccessibleLightAndDark(page: Page, where: string, ready?: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await ready?.();
  await expectNoViolations(page, `${where} (light)`);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await ready?.();
  await expectNoViolations(page, `${where} (dark)`, { contrastOnly: true });
  await page.emulateMedia({ colorScheme: "light" });
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core run in the page: its script is put into a document once (the sweep's light and dark passes share it; sending
 * its 500 KB with every run cost half a second each), and only violations are gathered (not every node that passed).
 */
async function axeViolations(page: Page, options: { contrastOnly?: boolean } = {}): Promise<Violation[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async ({ contrastOnly }) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const result = await inPage.run(
      { exclude: [["[data-sonner-toaster]"]] },
      {
        resultTypes: ["violations"],
        ...(contrastOnly ? { runOnly: { type: "rule" as const, values: ["color-contrast"] } } : {}),
      },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target as unknown[] })),
    }));
  }, options);
}

function describeViolation(v: Violation) {
  return `${v.id} (${v.impact ?? "?"}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`;
}
