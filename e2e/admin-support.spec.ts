import { expect, test } from "@playwright/test";
import { withDatabase } from "./database";
import { makeMember, newUser, signUpMember, SUPPORT_ADMIN_EMAIL, waitForMail } from "./helpers";

// Admin Support, Churn and Features (issue 17): a member writes to support from Settings, an admin answers from the
// inbox (the reply goes out by mail and stays in the thread), and the member reads it in Settings; the admin also
// opens Churn and Features and finds the numbers the database holds.

test("a member files a support request and reads the admin's reply; the admin opens Support, Churn and Features", async ({
  browser,
  page,
}) => {
  const member = newUser("asks");
  await signUpMember(page, member);
  const tag = Date.now().toString(36);
  const subject = `Audio will not play ${tag}`;

  // The error screen's "contact support" leads to /settings#support: the form is in view, its subject focused.
  await page.goto("/settings#support");
  const support = page.locator("#support");
  await expect(support.getByRole("heading", { name: "Contact support" })).toBeVisible();
  await expect(support.getByLabel("Subject")).toBeFocused();
  await support.getByLabel("Subject").fill(subject);
  await support.getByLabel("Message").fill("The Listen button spins and nothing plays.");
  await support.getByRole("button", { name: "Send to support" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(support.getByText(subject)).toBeVisible();
  await expect(support.getByText("Waiting for an answer")).toBeVisible();

  // Seeded use for Features: a named action and a cap hit of this member, today.
  await withDatabase(async (db) => {
    await db.query(
      `insert into activity_events (user_id, action_type, page_route, metadata)
       select id, 'listen', '/', '{}'::jsonb from users where email = $1
       union all select id, 'cap_hit', null, '{"feature":"audio","reason":"limit_reached"}'::jsonb from users where email = $1`,
      [member.email],
    );
  });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await makeMember(adminPage.context(), { ...newUser("support"), email: SUPPORT_ADMIN_EMAIL });
  await adminPage.goto("/admin/support");
  await expect(adminPage).toHaveTitle(/Support · Admin/);
  await adminPage.getByRole("link", { name: subject }).click();
  await expect(adminPage.getByRole("heading", { name: subject })).toBeVisible();
  await expect(adminPage.getByTestId("support-status")).toHaveText("Open");
  await adminPage.getByRole("textbox", { name: "Your reply" }).fill(`Thank you for writing. Please try again now ${tag}.`);
  await adminPage.getByRole("button", { name: "Send reply" }).click();
  await expect(adminPage.getByText("Reply sent")).toBeVisible();
  await expect(adminPage.getByTestId("support-status")).toHaveText("Waiting for the member");
  await expect(adminPage.getByText(`Reply by ${SUPPORT_ADMIN_EMAIL}`)).toBeVisible();
  await expect(adminPage.getByText("Replied", { exact: true })).toBeVisible();
  const mail = await waitForMail(member.email, new RegExp(`Re: ${subject}`));
  expect(mail).toContain(`Please try again now ${tag}.`);

  // The member reads the reply in Settings.
  await page.reload();
  await page.locator("#support").getByText(subject).click();
  await expect(page.getByText(`Thank you for writing. Please try again now ${tag}.`)).toBeVisible();
  await expect(page.locator("#support").getByText("Shepherd support ·")).toBeVisible();

  // Churn: this week's sign-ups as the database counts them (other specs may sign up meanwhile: read both again).
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Churn" }).click();
  await expect(adminPage).toHaveTitle(/Churn · Admin/);
  await expect(adminPage.getByRole("heading", { name: "Weekly retention" })).toBeVisible();
  await expect(async () => {
    const { week, n } = await withDatabase(
      async (db) =>
        (
          await db.query<{ week: string; n: number }>(`
            select to_char((now() at time zone 'UTC')::date - extract(dow from now() at time zone 'UTC')::int, 'YYYY-MM-DD') as week,
              count(*)::int as n from users
            where created_at >= ((now() at time zone 'UTC')::date - extract(dow from now() at time zone 'UTC')::int)::timestamp at time zone 'UTC'`)
        ).rows[0]!,
    );
    await adminPage.reload();
    await expect(adminPage.getByTestId(`cohort-${week}`)).toHaveText(String(n), { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await expect(adminPage.getByRole("heading", { name: "Members who stopped coming" })).toBeVisible();
  await expect(adminPage.getByRole("heading", { name: "Cancellations and their reasons" })).toBeVisible();

  // Features: the seeded action and cap hit are in their tables.
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Feature Analytics" }).click();
  await expect(adminPage).toHaveTitle(/Feature Analytics · Admin/);
  await adminPage.getByRole("button", { name: "7 days" }).click();
  const actions = adminPage.getByRole("region", { name: "Actions" });
  await expect(actions.getByRole("rowheader", { name: "Listened to a devotional" })).toBeVisible();
  const capHits = adminPage.getByRole("region", { name: "Cap hits by feature" });
  await expect(capHits.getByRole("rowheader", { name: "audio" })).toBeVisible();
  await expect(adminPage.getByRole("heading", { name: "Audio minutes per day" })).toBeVisible();

  // 320 px wide: no page scrolls sideways (tables scroll inside their own box).
  await adminPage.setViewportSize({ width: 320, height: 640 });
  for (const route of ["/admin/support", "/admin/churn", "/admin/features"]) {
    await adminPage.goto(route);
    await expect(adminPage.locator("main h1").first()).toBeVisible();
    await expect(adminPage.getByText(/^Loading /)).toHaveCount(0);
    const fits = await adminPage.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(fits, route).toBe(true);
  }
  await adminPage.goto("/admin/support");
  await adminPage.getByRole("button", { name: "All", exact: true }).click();
  await adminPage.getByRole("link", { name: subject }).click();
  await expect(adminPage.getByRole("heading", { name: subject })).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await adminContext.close();
});
