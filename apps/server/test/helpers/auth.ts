import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { schema, type Database } from "../../src/db/client";
import type { HttpResponse, TestClient } from "./http-client";

export const SESSION_COOKIE = "shepherd.session_token";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

export interface SignedUpUser {
  id: string;
  email: string;
  password: string;
  name: string;
  response: HttpResponse;
}

/** Signs up through the real endpoint (the client keeps the session cookie) and checks it worked. */
export async function signUp(
  client: TestClient,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<SignedUpUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? `Pw-${randomBytes(6).toString("hex")}`;
  const name = input.name ?? "Test Shepherd";
  const response = await client.post("/api/auth/sign-up/email", { email, password, name });
  expect(response.status, `sign-up failed: ${response.text}`).toBe(200);
  const body = response.json();
  return { id: body.user.id as string, email, password, name, response };
}

/** A new member, signed in: his client (holding the session cookie) and his id. */
export async function newPerson(app: { client(): TestClient }): Promise<{ client: TestClient; id: string }> {
  const client = app.client();
  const user = await signUp(client);
  return { client, id: user.id };
}

/** Gives a member an active Premium subscription, as the billing webhook would have written it. */
export async function makePremium(db: Database, userId: string): Promise<void> {
  await db.insert(schema.subscriptions).values({
    userId,
    planType: "premium_monthly",
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
    provider: "local",
  });
}

/** A new member with an active Premium subscription. */
export async function newPremiumPerson(app: { client(): TestClient; db: Database }): Promise<{ client: TestClient; id: string }> {
  const person = await newPerson(app);
  await makePremium(app.db, person.id);
  return person;
}

export function signIn(client: TestClient, input: { email: string; password: string }): Promise<HttpResponse> {
  return client.post("/api/auth/sign-in/email", { email: input.email, password: input.password });
}

export interface OutboxMail {
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  transport: string;
  error: string | null;
}

/** The mails recorded for an address, oldest first. */
export async function readOutbox(db: Database, email: string): Promise<OutboxMail[]> {
  return db
    .select({
      toAddress: schema.mailOutbox.toAddress,
      subject: schema.mailOutbox.subject,
      text: schema.mailOutbox.text,
      html: schema.mailOutbox.html,
      kind: schema.mailOutbox.kind,
      transport: schema.mailOutbox.transport,
      error: schema.mailOutbox.error,
    })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(asc(schema.mailOutbox.createdAt));
}

/** The first http(s) link in a mail's text. */
export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail:\n${text}`);
  return match[0];
}
