import { expect, test } from "@playwright/test";
import { PHONE } from "./phone";
import { withDatabase } from "./database";
import { EXPERIMENTS_ADMIN_EMAIL, makeMember, newUser, signUpMember, WALK_ADMIN_EMAIL } from "./helpers";

// The admin area's built pages (issue 17): an admin (WALK_ADMIN_EMAIL is in the e2e server's ADMIN_EMAILS) walks the
// Dashboard, Users, a member's page, Health and Subscriptions and sees the numbers seeded in the database; a member
// never sees "Admin" and the admin guard sends him home from /admin.

test("a member sees no Admin link, and /admin sends him home", async ({ page }) => {
  await signUpMember(page, newUser("notadmin"));
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Journal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin/dashboard");
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/admin/dashboard")).status()).toBe(403);
});

test("an admin walks the dashboard, users, a member's page, health and subscriptions with the seeded numbers", async ({
  page,
}) => {
  const admin = { ...newUser("walk"), email: WALK_ADMIN_EMAIL };
  await signUpMember(page, admin);
  const tag = Date.now().toString(36);
  const memberName = `Seeded Member ${tag}`;
  const errorMessage = `Seeded error ${tag}`;
  const { memberId, jobId } = await withDatabase(async (db) => {
    const memberId = crypto.randomUUID();
    await db.query(`insert into users (id, name, email) values ($1, $2, $3)`, [
      memberId,
      memberName,
      `seeded-${tag}@example.com`,
    ]);
    await db.query(`insert into profiles (id, username) values ($1, $2)`, [memberId, `seeded_${tag}`]);
    await db.query(
      `insert into monthly_usage_limits (user_id, month, devotional_generations, total_tokens_used)
       values ($1, date_trunc('month', now() at time zone 'UTC')::date, 7, 4321)`,
      [memberId],
    );
    await db.query(
      `insert into content_reports (target_type, target_id, excerpt, author_id, reason) values ('post', gen_random_uuid(), $1, $2, 'spam')`,
      [`Buy cheap things ${tag}`, memberId],
    );
    await db.query(
      `insert into subscriptions (user_id, plan_type, status, current_period_end, provider)
       values ($1, 'premium_annual', 'past_due', now() + interval '3 days', 'local')`,
      [memberId],
    );
    for (let i = 0; i < 3; i++) {
      await db.query(`insert into error_reports (message, stack, url) values ($1, 'at Seeded (x.js:1:1)', '/today')`, [
        errorMessage,
      ]);
    }
    const job = await db.query<{ id: string }>(
      `insert into pgboss.job (name, data, state, start_after, output)
       values ('plan-generation-failed', '{}', 'failed', now() + interval '1 hour', '{"message":"seeded failure ${tag}"}') returning id`,
    );
    return { memberId, jobId: job.rows[0]!.id };
  });

  // The header leads an admin to the admin area on a phone.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin" }).click();
  await page.waitForURL("**/admin/dashboard");
  await expect(page).toHaveTitle(/Dashboard · Admin/);
  await expect(page.getByRole("main")).toBeVisible();
  // Members now: what the database holds (other specs may sign up meanwhile: read both again until they agree).
  await expect(async () => {
    const members = await withDatabase(
      async (db) => (await db.query<{ n: number }>(`select count(*)::int as n from users`)).rows[0]!.n,
    );
    await page.reload();
    await expect(page.getByTestId("metric-Members")).toHaveText(members.toLocaleString("en-US"), { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  for (const title of ["Daily active members", "Sign-ups", "Devotionals completed", "Posts", "Premium members", "Trials"]) {
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  }
  await page.getByRole("button", { name: "90 days" }).click();
  await expect(page.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: /^Members: .* Over the last 90 days/ })).toBeVisible();

  // Users: search, then his page with the seeded usage, report and subscription.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await page.getByLabel("Name, username or email").fill(`seeded_${tag}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Page 1 of 1 · 1 in all")).toBeVisible();
  await page.getByRole("link", { name: memberName }).click();
  await page.waitForURL(`**/admin/users/${memberId}`);
  await expect(page.getByRole("heading", { name: memberName, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${memberName} · Users · Admin`));
  const usage = page.getByText("Devotional generations").locator("..");
  await expect(usage).toContainText("7");
  await expect(page.getByText(`“Buy cheap things ${tag}”`)).toBeVisible();
  await expect(page.getByText("past_due")).toBeVisible();
  await page.getByRole("button", { name: "Ban…" }).click();
  await page.getByLabel("Reason (kept in the audit log)").fill("Spam, seeded");
  await page.getByRole("button", { name: `Ban ${memberName}` }).click();
  await expect(page.getByText("Banned: Spam, seeded")).toBeVisible();
  await expect(page.getByText(`by ${WALK_ADMIN_EMAIL}`).first()).toBeVisible();
  await page.getByRole("button", { name: "Unban" }).click();
  await expect(page.getByText("Unbanned", { exact: true })).toBeVisible();

  // Health: the seeded error group with its count, and Retry on the seeded failed job.
  await page.goto("/admin/health");
  await expect(page).toHaveTitle(/Health · Admin/);
  await expect(page.getByText("pg_stat_statements is not installed")).toBeVisible();
  const errorRow = page.getByRole("row").filter({ hasText: errorMessage });
  await expect(errorRow.getByRole("cell").first()).toHaveText("3");
  const jobRow = page.getByRole("row").filter({ hasText: `seeded failure ${tag}` });
  await jobRow.getByRole("button", { name: /^Retry the plan-generation-failed job/ }).click();
  await expect(page.getByRole("row").filter({ hasText: `seeded failure ${tag}` })).toHaveCount(0);
  await expect(page.getByText(`job ${jobId}`)).toBeVisible();

  // Subscriptions: the seeded payment failure is listed under "Payment failed".
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(page.getByRole("heading", { name: "Monthly recurring revenue", level: 2 })).toBeVisible();
  const failures = await withDatabase(
    async (db) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from subscriptions where status = 'past_due'`)).rows[0]!.n,
  );
  await expect(page.getByTestId("sub-Payment failed")).toHaveText(String(failures));
  await page.getByRole("button", { name: "Payment failed" }).click();
  await expect(page.getByRole("cell", { name: `${memberName} (seeded-${tag}@example.com)` })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);

  // 320 px wide: no page scrolls sideways (tables scroll inside their own box), and the keyboard reaches the tables.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const route of ["/admin/dashboard", "/admin/users", `/admin/users/${memberId}`, "/admin/health", "/admin/subscriptions"]) {
    await page.goto(route);
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.getByText(/^Loading /)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), route).toBe(
      true,
    );
  }
});

test("an admin runs an A/B test and draws a devotional's artwork, which Today shows", async ({ page, browser }) => {
  const admin = { ...newUser("experiments"), email: EXPERIMENTS_ADMIN_EMAIL };
  await makeMember(page.context(), admin);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  const tag = Date.now().toString(36);

  // A/B tests: create a draft, start it, stop it; each shows in the list (and the audit log, in the integration tests).
  await page.goto("/admin/ab-tests");
  await expect(page).toHaveTitle(/A\/B Tests · Admin/);
  await page.getByLabel("Name", { exact: true }).fill(`e2e-${tag}`);
  await page.getByLabel(/^Variants/).fill("a:1, b:1");
  await page.getByLabel(/^Conversion/).selectOption("check_in");
  await page.getByRole("button", { name: "Create experiment" }).click();
  const row = page.getByRole("row").filter({ hasText: `e2e-${tag}` });
  await expect(row).toContainText("draft");
  await row.getByRole("button", { name: `Start e2e-${tag}` }).click();
  await expect(row).toContainText("running");
  await expect(row).toContainText("a (weight 1): 0 of 0 converted");
  await row.getByRole("button", { name: `Stop e2e-${tag}` }).click();
  await expect(row).toContainText("Stopped");

  // The real experiment, the upgrade card's words: a free member who completes his devotional sees the words of the
  // variant he was given, and counts as exposed in its results.
  await page.getByLabel("Name", { exact: true }).fill("upgrade-banner-after-completion");
  await page.getByLabel(/^Variants/).fill("control:50, plain:50");
  await page.getByLabel(/^Conversion/).selectOption("checkout_start");
  await page.getByRole("button", { name: "Create experiment" }).click();
  const banner = page.getByRole("row").filter({ hasText: "upgrade-banner-after-completion" });
  await banner.getByRole("button", { name: "Start upgrade-banner-after-completion" }).click();
  await expect(banner).toContainText("running");
  const memberContext = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  const memberPage = await memberContext.newPage();
  await makeMember(memberPage.context(), newUser("banner"));
  await memberPage.goto("/");
  await memberPage.getByRole("button", { name: "Mark Complete" }).click();
  const moment = memberPage.getByRole("dialog", { name: "Today's devotional is complete" });
  await moment.getByRole("button", { name: "Done" }).click();
  const assigned = await memberPage.request.get("/api/experiments/upgrade-banner-after-completion");
  const { variant } = (await assigned.json()) as { variant: string };
  expect(["control", "plain"]).toContain(variant);
  const card = memberPage.getByTestId("upgrade-prompt-profile_completion");
  await expect(card.getByRole("heading")).toHaveText(
    variant === "plain" ? "Keep going without limits" : "Make Shepherd fully yours",
  );
  await expect(card.getByRole("link")).toHaveText(variant === "plain" ? "Compare plans" : "See Premium");
  await memberContext.close();
  await page.reload();
  await expect(banner).toContainText(new RegExp(`${variant} \\(weight 50\\): 0 of [1-9]\\d* converted`));
  await banner.getByRole("button", { name: "Stop upgrade-banner-after-completion" }).click();
  await expect(banner).toContainText("Stopped");

  // Generate images: his own devotional (made when Today opened) gets artwork, and Today's hero shows it.
  await page.goto("/admin/generate-images");
  await expect(page).toHaveTitle(/Generate Images · Admin/);
  await expect(page.getByText(/devotionals have no image/)).toBeVisible();
  // Other specs' members have devotionals too: search finds his, whatever page it would fall on.
  await page.getByRole("searchbox", { name: "Title, passage or member's email" }).fill(admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  const mine = page.getByRole("row").filter({ hasText: admin.email });
  await mine.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Image ready")).toBeVisible();
  await expect(mine.getByRole("img")).toBeVisible();
  await page.goto("/");
  const hero = page.locator('img[src^="/api/files/devotionals/"]').first();
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The Plans tab (reached with the arrow key): a cover for a plan of his own, which its page then shows. His own
  // plan, so the starter library the other specs see keeps its colours and signs.
  const planTitle = `Covered plan ${tag}`;
  const planId = await withDatabase(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `insert into plans (source, owner_id, theme, title, promise, description, minutes_per_day)
           values ('custom', (select id from users where email = $1), 'work', $2, 'A cover for it', 'Drawn in e2e', 10)
           returning id`,
          [admin.email, planTitle],
        )
      ).rows[0]!.id,
  );
  await page.goto("/admin/generate-images");
  await page.getByRole("tab", { name: "Devotionals" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Plans" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(/plans have no cover/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Title, passage or maker's email" }).fill(planTitle);
  await page.getByRole("button", { name: "Search" }).click();
  const planRow = page.getByRole("row").filter({ hasText: planTitle });
  await planRow.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Image ready")).toBeVisible();
  await expect(planRow.getByRole("img")).toBeVisible();
  await page.goto(`/path/${planId}`);
  const cover = page.locator('img[src^="/api/files/covers/plan/"]').first();
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
