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

export interface ApiRoute {
  method: string;
  /** As registered, parameter patterns included. */
  path: string;
  key: string;
}

/** Every route of our API (Better Auth's handler and catch-alls left out), once each, in the order they were registered. */
export function apiRoutes(app: { routes: ReadonlyArray<{ method: string; path: string }> }): ApiRoute[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.startsWith("/api/auth/"))
    .map((r) => ({ method: r.method, path: r.path, key: routeKey(r.method, r.path) }))
    .filter((r) => !seen.has(r.key) && Boolean(seen.add(r.key)));
}
