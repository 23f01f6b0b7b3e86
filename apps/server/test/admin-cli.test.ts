import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp, uniqueEmail } from "./helpers/auth";
import { BUILT_MAIN, buildServerIfNeeded } from "./helpers/built-server";

/** `npm run admin -- grant|revoke EMAIL` (apps/server/dist/cli.js, as the npm script runs it), beside a running server. */
const CLI = path.join(path.dirname(BUILT_MAIN), "cli.js");
let app: TestApp;

beforeAll(async () => {
  buildServerIfNeeded();
  app = await startTestApp();
});
afterAll(() => app.close());

async function admin(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: app.database.url, DATA_DIR: app.dataDir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

test("grant and revoke make an account an admin and not, and leave no server process behind", async () => {
  const user = await signUp(app.client());
  const role = async () =>
    (await app.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.email, user.email)))[0]?.role;
  expect(await admin("grant", user.email)).toEqual({ code: 0, output: `${user.email} is now an admin.\n` });
  expect(await role()).toBe("admin");
  expect((await admin("revoke", user.email)).output).toBe(`${user.email} is no longer an admin.\n`);
  expect(await role()).not.toBe("admin");
  // Only the running app's own heartbeat: the command is no server.
  expect(await app.db.select().from(schema.serverProcesses)).toHaveLength(1);
});

test("an unknown address and a wrong command say what to do", async () => {
  const unknown = await admin("grant", uniqueEmail("nobody"));
  expect(unknown.code).toBe(1);
  expect(unknown.output).toContain("Sign up first, then run this again.");
  const wrong = await admin("promote");
  expect(wrong.code).toBe(2);
  expect(wrong.output).toContain("Usage: npm run admin -- grant EMAIL");
});
