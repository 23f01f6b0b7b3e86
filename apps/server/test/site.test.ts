import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../src/config";
import { startTestApp, type TestApp } from "./helpers/app";

let configured: TestApp;
let plain: TestApp;

beforeAll(async () => {
  configured = await startTestApp({
    env: {
      OPERATOR_NAME: "Grace Fellowship Men's Ministry",
      OPERATOR_EMAIL: "care@gracefellowship.example",
      OPERATOR_JURISDICTION: "the State of Texas, USA",
    },
  });
  plain = await startTestApp();
});
afterAll(async () => {
  await configured?.close();
  await plain?.close();
});

describe("GET /api/site: who runs this service, for the legal pages", () => {
  test("answers a visitor with what the operator configured", async () => {
    const response = await configured.client().get("/api/site");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      operator_name: "Grace Fellowship Men's Ministry",
      contact_email: "care@gracefellowship.example",
      jurisdiction: "the State of Texas, USA",
    });
  });

  test("answers nulls when nothing is configured, so the pages use their plain defaults", async () => {
    const response = await plain.client().get("/api/site");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ operator_name: null, contact_email: null, jurisdiction: null });
  });

  test("an operator email that is not an address stops the start with a message saying so", () => {
    expect(() => loadConfig({ NODE_ENV: "test", OPERATOR_EMAIL: "our office" })).toThrow(
      /OPERATOR_EMAIL must be an email address/,
    );
  });
});
