/** The router's own table (`app.routes`), as the route-walking tests (fuzz, the route x role matrix) read it. */

/** A route parameter's pattern, e.g. `{[0-9a-fA-F]{8}-...}` (one level of nested braces). */
const PATTERN = /\{(?:[^{}]|\{[^{}]*\})*\}/g;

/** "METHOD /api/path/:param", the parameter patterns left out. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(PATTERN, "")}`;

/** The route's path with each `:name` or `:name{pattern}` replaced by `valueFor(name, pattern)`. */
export function fillRoute(path: string, valueFor: (name: string, pattern: string | undefined) => string): string {
  return path.replace(/:([A-Za-z]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_m, name: string, pattern?: string) =>
    valueFor(name, pattern),
  );
}
