import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join(".");
    if (issue.code === "unrecognized_keys") return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}

export function validationError(error: z.ZodError): AppError {
  const issues = describeIssues(error);
  return new AppError("BAD_REQUEST", issues[0] ?? "The request is not valid.", { issues });
}

/** Reads a JSON body and validates it; anything wrong is a 4xx with a message a person can act on. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** A route parameter that must be a UUID, as Hono path syntax: `/posts/:id${UUID_PARAM}`. Others get 404. */
export const UUID_PARAM = "{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}";
