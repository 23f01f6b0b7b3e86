import { AppError } from "../errors";

/**
 * Issue 19: text with a NUL character reaches PostgreSQL, which refuses it (a 500), and other control characters have
 * no place in anything a person writes or reads. One check where input is read, for our routes and Better Auth's:
 * the address (path and query, once decoded) and every string and key of a JSON body. Tab, line feed and carriage
 * return are text; the other C0 controls and DEL are not.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** "title: Text cannot contain...", as the routes' own validation words a field's problem. */
export const CONTROL_MESSAGE = "Text cannot contain control characters (such as NUL); remove them and try again.";

/** Decodes a path, or a 400 when a %-escape is broken. */
function decodedPath(pathname: string): string {
  if (!pathname.includes("%")) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    throw new AppError("BAD_REQUEST", "The address has a broken %-escape; check the link and try again.");
  }
}

/** The request's address: its path and its query's names and values. */
export function checkAddress(url: string): void {
  const at = url.indexOf("/", url.indexOf("//") + 2);
  const queryAt = url.indexOf("?", at);
  const pathname = queryAt === -1 ? url.slice(at) : url.slice(at, queryAt);
  if (CONTROL.test(decodedPath(pathname)))
    throw new AppError(
      "BAD_REQUEST",
      "The address cannot contain control characters (such as NUL); check the link and try again.",
    );
  if (queryAt === -1) return;
  const query = url.slice(queryAt + 1);
  if (!query.includes("%") && !CONTROL.test(query)) return;
  for (const [name, value] of new URLSearchParams(query)) {
    if (CONTROL.test(name)) throw new AppError("BAD_REQUEST", `A query parameter's name: ${CONTROL_MESSAGE}`);
    if (CONTROL.test(value)) throw new AppError("BAD_REQUEST", `${name}: ${CONTROL_MESSAGE}`);
  }
}

/**
 * The first string or key with a control character in a parsed JSON value, as a field path ("days.2.title"), or
 * null. Walked without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function controlCharacterField(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length) {
    const [item, at] = stack.pop()!;
    if (typeof item === "string") {
      if (CONTROL.test(item)) return at || "The body";
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, at ? `${at}.${i}` : String(i)]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (CONTROL.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/**
 * A JSON body's text: refused when a string in it holds a control character. A body that is not JSON is left to the
 * route, whose reading of it answers 400.
 */
export function checkJsonText(text: string): void {
  // JSON writes a control character inside a string as an escape (a raw one is not JSON): no backslash, nothing to find.
  if (!text.includes("\\") && !CONTROL.test(text)) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const field = controlCharacterField(parsed);
  if (field) throw new AppError("BAD_REQUEST", `${field}: ${CONTROL_MESSAGE}`);
}

export function isJson(contentType: string | undefined): boolean {
  return (contentType ?? "").toLowerCase().includes("json");
}
