import { expect, test } from "@playwright/test";
import { PHONE } from "./phone";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { e2eDatabaseUrl, withDatabase } from "./database";
import { becomePremium, expectNoSeriousViolations, makeMember, newUser, signUpMember } from "./helpers";

/**
 * Custom plans (issue 13): the creation wizard, the generation marker's poller and its toasts, and the Premium gate.
 * The Premium walk runs on a server of its own whose AI provider is a slow fake OpenAI-compatible model on loopback
 * (each day takes it 2 s), so "Writing day k of n" can be seen before "Your plan is ready!".
 */

const root = path.resolve(import.meta.dirname, "..");
const DAY_DELAY_MS = 2000;

/** Distinct WEB passages, one per day the fake model writes. */
const PASSAGES = [
  "Psalm 1:1-3",
  "Proverbs 3:5-6",
  "Matthew 6:9-13",
  "Philippians 4:6-7",
  "Colossians 3:12-14",
  "James 1:19-20",
  "1 Peter 3:7",
];

const SENTENCES = [
  "A man does not drift toward the people he loves; he walks toward them on purpose.",
  "Today the passage sets one small step in front of you, and it is enough for today.",
  "Read it slowly, twice, and notice which words stay with you after you close the page.",
  "Grace goes first here: you are not earning anything, you are answering a God who already came near.",
  "Carry that into the kitchen tonight, into the car, into the next hard conversation at work.",
];

/** A plan day as a model answers it: about 150 words, one passage, every part present. */
function modelDay(dayNumber: number) {
  const paragraph = SENTENCES.join(" ");
  return {
    title: `A step toward home ${dayNumber}`,
    passages: [PASSAGES[(dayNumber - 1) % PASSAGES.length]],
    references: [],
    reading: `${paragraph}\n\n${paragraph}\n\n${SENTENCES.slice(0, 3).join(" ")}`,
    questions: ["Where will you take that first small step today?"],
    challenge: "Before bed, ask her one question about her day and listen to the whole answer.",
    prayer: "Lord, teach me to walk toward the people you gave me, patiently and on purpose, today and every day. Amen.",
  };
}

/** A stand-in for an OpenAI-compatible model: plan days ("Day N of M.") after a pause, 500 for anything else. */
async function startFakeModel(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let user = "";
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          messages?: Array<{ role: string; content: string }>;
        };
        user = body.messages?.find((m) => m.role === "user")?.content ?? "";
      } catch {
        // not JSON: answered 500 below
      }
      const day = /^Day (\d+) of (\d+)\./.exec(user);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions" || !day) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "server_error", message: "not a plan day" } }));
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-fake",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: "fake-model",
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: JSON.stringify(modelDay(Number(day[1]))) },
                finish_reason: "stop",
              },
            ],
            usage: { prompt_tokens: 221, completion_tokens: 100, total_tokens: 321 },
          }),
        );
      }, DAY_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The built server on a database of its own (in the e2e server's PostgreSQL, so no second cluster is made) and its own
 * data folder, its AI provider the fake model; the e2e server's auth secret and password hashing, so makeMember's
 * members sign in there too.
 */
async function startServer(aiBaseUrl: string): Promise<{ url: string; database: string; stop: () => Promise<void> }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-e2e-custom-"));
  fs.chmodSync(work, 0o755);
  const name = `custom_plans_${Date.now().toString(36)}`;
  await withDatabase((client) => client.query(`create database ${name}`));
  const database = e2eDatabaseUrl(name);
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: database,
      BETTER_AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      PASSWORD_HASHING: "test",
      AI_BASE_URL: aiBaseUrl,
      AI_API_KEY: "test-key",
      RATE_LIMIT_AUTH_MAX: "1000",
      LOG_LEVEL: "warn",
      // Browsers and the server share two busy cores: longer database waits than a server's defaults (3 and 5 s), as
      // the integration suite's (apps/server/test/helpers/timeouts.ts).
      DATABASE_CONNECT_TIMEOUT_SECONDS: "20",
      DATABASE_QUERY_TIMEOUT_SECONDS: "30",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://localhost:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited while starting:\n${output.slice(-4000)}`);
    if (Date.now() > until) throw new Error(`The server did not answer within 90 s:\n${output.slice(-4000)}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    database,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await withDatabase((client) => client.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

test.describe("a Premium member makes a plan of his own", () => {
  let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  test.beforeAll(async () => {
    model = await startFakeModel();
    server = await startServer(model.url);
  });

  test.afterAll(async () => {
    await server?.stop();
    await model?.close();
  });

  test("walks the four steps, keeps his answers over a reload, sees the plan written, and opens it from the toast", async ({
    browser,
  }) => {
    // A phone, as the project's, on this describe's own server.
    const context = await browser.newContext({ ...PHONE, baseURL: server!.url });
    const page = await context.newPage();
    await signUpMember(page, newUser("maker"), "/", { database: server!.database });
    await becomePremium(page);

    await page.goto("/path");
    await page.getByRole("link", { name: "Create your own plan" }).click();
    await expect(page).toHaveURL(/\/path\/create$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create your own plan" })).toBeVisible();
    await page.getByRole("link", { name: "Start" }).click();

    // Step 1: Next with nothing chosen shows what is missing and puts focus on the first field to fix.
    await expect(page).toHaveURL(/\/path\/create\/basics$/);
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await expect(page).toHaveTitle(/^Basics \(step 1 of 4\)/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Choose at least one thing to grow in")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Marriage" })).toBeFocused();
    await expect(page.getByLabel("Your goal, in your own words")).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("Space");
    await page.getByText("Prayer Life").click();
    await expect(page.getByText("Choose at least one thing to grow in")).toBeHidden();
    await page.getByLabel("Your goal, in your own words").fill("Pray with my wife and listen to her better");
    await expect(page.getByText("42/300")).toBeVisible();
    await page.getByRole("button", { name: "5 days" }).click();
    await page.getByRole("button", { name: "One day more" }).click();
    await expect(page.getByLabel("How many days?")).toHaveValue("6");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2, then a reload: every answer is still there.
    await expect(page).toHaveURL(/\/path\/create\/context$/);
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
    await page.getByRole("radio", { name: "Married" }).check();
    await page.getByLabel("What is hard right now? (optional)").fill("Little sleep and short tempers at home");
    await page.reload();
    await expect(page.getByRole("radio", { name: "Married" })).toBeChecked();
    await expect(page.getByLabel("What is hard right now? (optional)")).toHaveValue("Little sleep and short tempers at home");
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 320, height: 720 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 412, height: 915 });
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("checkbox", { name: "Prayer Life" })).toBeChecked();
    await expect(page.getByLabel("How many days?")).toHaveValue("6");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3.
    await expect(page).toHaveURL(/\/path\/create\/preferences$/);
    await expect(page.getByRole("radio", { name: "10 min" })).toBeChecked();
    await page.getByRole("radio", { name: /^Reflective/ }).check();
    await page.getByRole("switch", { name: "Listen to each day" }).click();
    await expect(page.getByRole("switch", { name: "Listen to each day" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: everything on one page, and the plan's title.
    await expect(page).toHaveURL(/\/path\/create\/review$/);
    await expect(page.getByText("Step 4 of 4")).toBeVisible();
    const title = "6 Days for Marriage and Prayer Life";
    await expect(page.getByTestId("plan-title-preview")).toHaveText(title);
    await expect(page.getByText("Pray with my wife and listen to her better")).toBeVisible();
    await expect(page.getByText("Little sleep and short tempers at home")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit your season" })).toHaveAttribute("href", "/path/create/context");
    // A failed create keeps everything and offers to try again.
    await page.route(
      "**/api/path/custom-plans",
      (route) =>
        route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "Please try again in a moment." } } }),
      { times: 1 },
    );
    await page.getByRole("button", { name: "Create my plan" }).click();
    await expect(page.getByText("Your plan was not created.")).toBeVisible();
    await expect(page.getByText("Please try again in a moment.")).toBeVisible();
    await expect(page.getByTestId("plan-title-preview")).toHaveText(title);
    await page.getByRole("button", { name: "Try again" }).click();

    // The Path: the plan being written, then the toast once it has its days.
    await expect(page).toHaveURL(/\/path$/);
    const own = page.getByRole("region", { name: "Your own plans" });
    await expect(own.getByText(title)).toBeVisible();
    await expect(own.getByText(/^Writing day [1-6] of 6$/)).toBeVisible();
    // Its page, while it is written: how far it got, and nothing to start yet.
    const planPage = await context.newPage();
    await planPage.goto((await own.getByRole("link", { name: title }).getAttribute("href")) ?? "/path");
    await expect(planPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(planPage.getByText(/^Writing day [1-6] of 6$/)).toBeVisible();
    await expect(planPage.getByRole("button", { name: "Start today" })).toBeHidden();
    await planPage.close();
    expect(await page.evaluate(() => localStorage.getItem("shepherd.planDraft"))).toBeNull();
    const marker = JSON.parse((await page.evaluate(() => localStorage.getItem("planGeneration"))) ?? "null") as {
      planId: string;
      planTitle: string;
      startedAt: number;
    };
    expect(marker).toMatchObject({ planTitle: title, planId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    await expect(page.getByText("Your plan is ready!")).toBeVisible({ timeout: 90_000 });
    expect(await page.evaluate(() => localStorage.getItem("planGeneration"))).toBeNull();
    await expect(own.getByText("Ready to start")).toBeVisible();
    await page.getByRole("button", { name: "View Plan" }).click();
    await expect(page).toHaveURL(new RegExp(`/path/${marker.planId}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Start today" })).toBeVisible();
    // He asked to listen to each day: Listen opens the day.
    const day = page.getByRole("article");
    await expect(day.getByText("Day 1 of 6")).toBeVisible();
    await expect(day.getByRole("heading", { name: "A step toward home 1" })).toBeVisible();
    await expect(day.getByRole("button").first()).toHaveText("Listen");
    await context.close();
  });
});

test("a free member opening the wizard sees the Premium message and the way to upgrade", async ({ page }) => {
  await makeMember(page.context(), newUser("freeplan"));
  await page.goto("/path");
  const create = page.getByRole("link", { name: /Create your own plan/ });
  await expect(create).toContainText("Premium");
  await create.click();
  await expect(page).toHaveURL(/\/path\/create$/);
  await expect(page.getByText("This feature is only available for Premium members...")).toBeVisible();
  await expect(page.getByRole("link", { name: "Unlock personal plans" })).toHaveAttribute("href", "/subscription");
  await expect(page.getByRole("link", { name: "Start" })).toBeHidden();

  await page.goto("/path/create/review");
  await expect(page.getByText("This feature is only available for Premium members...")).toBeVisible();
  await expect(page).toHaveURL(/\/path\/create\/review$/);
  await page.getByRole("link", { name: "Unlock personal plans" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});
