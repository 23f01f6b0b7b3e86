import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { MyPlans, PlanSummary } from "@shepherd/shared";
import { signIn, signUp } from "./auth";
import { BUILT_MAIN } from "./built-server";
import type { TestClient } from "./http-client";
import { multipart, TINY_PNG } from "./upload";

/** The operator's commands as the npm scripts run them (scripts/ops.mjs builds, then imports this file). */
const OPS = path.join(path.dirname(BUILT_MAIN), "ops.js");
const run = promisify(execFile);

/** Runs an operator command as `npm run <command> -- ...` does; resolves with its exit code and output. */
export async function ops(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [OPS, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

export interface MemberStory {
  email: string;
  password: string;
  journal: string;
  avatarUrl: string;
  avatar: Buffer;
  planId: string;
}

/** What a member leaves in Shepherd in his first days: a journal entry, an avatar and a plan followed, day 1 done. */
export async function writeMemberStory(client: TestClient): Promise<MemberStory> {
  const user = await signUp(client, { name: "Caleb Restored" });
  const entry = "Lord, teach me patience with my boys tonight. Backed up and brought back.";
  expect((await client.post("/api/journal", { content: entry })).status).toBe(201);
  const { body, contentType } = await multipart({ avatar: { bytes: TINY_PNG, filename: "me.png", type: "image/png" } });
  const uploaded = await client.request("POST", "/api/profile/avatar", { body, headers: { "content-type": contentType } });
  expect(uploaded.status, uploaded.text).toBe(200);
  const avatarUrl = uploaded.json().avatar_url as string;
  const avatar = (await client.get(avatarUrl)).body;
  expect(avatar.length).toBeGreaterThan(0);
  const [plan] = (await client.get("/api/path/plans")).json() as PlanSummary[];
  expect((await client.post(`/api/path/plans/${plan!.id}/follow`, {})).status).toBe(201);
  expect((await client.post(`/api/path/plans/${plan!.id}/days/1/complete`)).status).toBe(200);
  return { email: user.email, password: user.password, journal: entry, avatarUrl, avatar, planId: plan!.id };
}

/** Signs in as the member on a restored server and finds everything he left, the avatar byte for byte. */
export async function expectMemberStory(client: TestClient, story: MemberStory): Promise<void> {
  const signedIn = await signIn(client, { email: story.email, password: story.password });
  expect(signedIn.status, signedIn.text).toBe(200);
  const entries = (await client.get("/api/journal")).json().entries as Array<{ content: string }>;
  expect(entries.map((e) => e.content)).toEqual([story.journal]);
  const me = (await client.get("/api/me")).json();
  expect(me.profile.avatar_url).toBe(story.avatarUrl);
  const file = await client.get(story.avatarUrl);
  expect(file.status).toBe(200);
  expect(Buffer.compare(file.body, story.avatar)).toBe(0);
  const mine = (await client.get("/api/path")).json() as MyPlans;
  expect(mine.active.map((p) => p.id)).toEqual([story.planId]);
  const detail = (await client.get(`/api/path/plans/${story.planId}`)).json();
  expect(detail.enrollment).toMatchObject({ completed_count: 1 });
}
