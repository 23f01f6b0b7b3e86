import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestApp } from "./app";
import { signUp } from "./auth";
import type { TestClient } from "./http-client";

export interface Brother {
  client: TestClient;
  id: string;
  username: string;
  name: string;
}

/** Signs up a person with a unique username (mentions need one). */
export async function brother(app: { client: TestApp["client"] }, name = "Brother"): Promise<Brother> {
  const client = app.client();
  const user = await signUp(client, { name });
  const username = `${
    name
      .toLowerCase()
      .replace(/[^a-z]/g, "")
      .slice(0, 10) || "user"
  }_${randomBytes(4).toString("hex")}`;
  const res = await client.patch("/api/profile", { username });
  expect(res.status, res.text).toBe(200);
  return { client, id: user.id, username, name };
}

/** A flock with `owner` as its shepherd. */
export async function flockOf(owner: Brother, name = "Tuesday Men"): Promise<{ id: string; invite_code: string }> {
  const res = await owner.client.post("/api/flocks", { name, description: "Coffee and Scripture before work" });
  expect(res.status, res.text).toBe(201);
  return res.json();
}

/** The owner invites `member` by username and he accepts. */
export async function join(owner: Brother, flockId: string, member: Brother): Promise<void> {
  expect((await owner.client.post(`/api/flocks/${flockId}/invitations`, { username: member.username })).status).toBe(201);
  expect((await member.client.post(`/api/flocks/${flockId}/accept`)).status).toBe(200);
}
