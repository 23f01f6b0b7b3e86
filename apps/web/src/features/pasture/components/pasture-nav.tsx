import { NavLink } from "react-router";
import { cn } from "@/lib/cn";

/**
 * The way into The Pasture's parts, side by side at the top of /pasture, /pasture/library and /pasture/gatherings: the
 * Feed, the series Library and the live Gatherings (they wrap when large text leaves no room for three in a row).
 */
const PARTS = [
  { to: "/pasture", label: "Feed", end: true },
  { to: "/pasture/library", label: "Library", end: false },
  { to: "/pasture/gatherings", label: "Gatherings", end: false },
] as const;

export function PastureNav() {
  return (
    <nav aria-label="The Pasture" className="mb-4">
      <ul className="inline-flex max-w-full flex-wrap gap-1 rounded-xl border border-stone-300 bg-white p-1 dark:border-stone-700 dark:bg-stone-900">
        {PARTS.map((part) => (
          <li key={part.to}>
            <NavLink
              to={part.to}
              end={part.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-9 items-center rounded-lg px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2",
                  isActive
                    ? "bg-pasture-700 text-white"
                    : "text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800",
                )
              }
            >
              {part.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
