import { matchRoutes } from "react-router";

/**
 * Every route's page title, as the tab, history and a screen reader name it ("Today · Shepherd"). Keyed by the same
 * patterns as router.tsx; React Router ranks them, so "/path/create" wins over "/path/:planId". A page that knows a
 * better title (the chapter he reads, a wizard's step) overrides it with useDocumentTitle while it is mounted.
 */
export const ROUTE_TITLES: ReadonlyArray<{ path: string; title: string }> = [
  { path: "/auth", title: "Sign In" },
  { path: "/onboarding/welcome", title: "Welcome" },
  { path: "/onboarding/focus", title: "Your Focus" },
  { path: "/onboarding/intentions", title: "Your Intentions" },
  { path: "/onboarding/profile", title: "Your Profile" },
  { path: "/onboarding/plan-selection", title: "Your First Plan" },
  { path: "/onboarding/complete", title: "You're Ready" },
  { path: "/", title: "Today" },
  { path: "/path", title: "The Path" },
  { path: "/path/create", title: "Create your own plan" },
  { path: "/path/create/basics", title: "Create your own plan" },
  { path: "/path/create/context", title: "Create your own plan" },
  { path: "/path/create/preferences", title: "Create your own plan" },
  { path: "/path/create/review", title: "Create your own plan" },
  { path: "/path/builder", title: "Plan Builder" },
  { path: "/path/:planId", title: "Plan · The Path" },
  { path: "/word", title: "The Word" },
  { path: "/word/search", title: "Search · The Word" },
  { path: "/word/notes", title: "My Highlights and Notes · The Word" },
  { path: "/word/:book", title: "The Word" },
  { path: "/word/:book/:chapter", title: "The Word" },
  { path: "/journal", title: "Journal" },
  { path: "/pasture", title: "The Pasture" },
  { path: "/pasture/library", title: "Series Library · The Pasture" },
  { path: "/pasture/gatherings", title: "Gatherings · The Pasture" },
  { path: "/pasture/library/new", title: "Create a Series · The Pasture" },
  { path: "/pasture/library/:seriesId", title: "Series · The Pasture" },
  { path: "/pasture/library/:seriesId/edit", title: "Edit Series · The Pasture" },
  { path: "/pasture/library/:seriesId/sessions/:sessionId", title: "Session · The Pasture" },
  { path: "/pasture/gathering/:roomName/join", title: "Join the Gathering · The Pasture" },
  { path: "/pasture/gathering/:roomName", title: "Gathering · The Pasture" },
  { path: "/flock", title: "My Flock" },
  { path: "/flock/join/:code", title: "Join a Flock · My Flock" },
  { path: "/profile/:userId", title: "Profile" },
  { path: "/settings", title: "Settings" },
  { path: "/insights", title: "Insights" },
  { path: "/whispers", title: "Whispers" },
  { path: "/subscription", title: "Premium" },
  { path: "/success", title: "Subscription" },
  { path: "/cancel", title: "Checkout Cancelled" },
  { path: "/terms", title: "Terms of Service" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/admin", title: "Admin" },
  { path: "/admin/:section", title: "Admin" },
  { path: "/admin/dashboard", title: "Dashboard · Admin" },
  { path: "/admin/users", title: "Users · Admin" },
  { path: "/admin/users/:userId", title: "Member · Users · Admin" },
  { path: "/admin/subscriptions", title: "Subscriptions · Admin" },
  { path: "/admin/health", title: "Health · Admin" },
  { path: "*", title: "Page Not Found" },
];

/** The last path asked and its title: the title is asked on every render of the app's root, the path rarely changes. */
let last: { pathname: string; title: string } | undefined;

/**
 * The page title of a path from the table ("/path/3f2a" -> "Plan · The Path"); any other path is not found. Matching
 * ranks the whole table and builds a pattern per route tried, which a cold load's renders repeated (issue 14), so the
 * last answer is kept.
 */
export function routeTitle(pathname: string): string {
  if (last?.pathname === pathname) return last.title;
  const match = matchRoutes(ROUTE_TITLES as Array<{ path: string; title: string }>, pathname);
  const route = match?.[match.length - 1]?.route as { title: string } | undefined;
  last = { pathname, title: route?.title ?? "Page Not Found" };
  return last.title;
}
