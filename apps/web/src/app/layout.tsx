import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { BookOpen, Compass, Home, NotebookPen, Sprout, User, Users, type LucideIcon } from "lucide-react";
import { HEADER_SCROLL_THRESHOLD_PX } from "@shepherd/shared/constants";
import { ErrorBoundary } from "./error-boundary";
import { useMe } from "@/lib/session";
import { cn } from "@/lib/cn";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useLiveNotifications } from "@/features/notifications/api/live-notifications";
import { SubscriptionBadge } from "@/features/subscription/components/subscription-badge";

/** Waits for a plan being written on every signed-in page; loaded after the page, so it costs the first screen nothing. */
const GenerationWatcher = lazy(async () => ({
  default: (await import("@/features/path/components/generation-watcher")).GenerationWatcher,
}));

/** One area's crash leaves the header and navigation working; Try Again reloads that area's data. */
function AreaErrorBoundary({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  return <ErrorBoundary onReset={() => void client.resetQueries()}>{children}</ErrorBoundary>;
}

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

/** A link in the header: its icon, and its label beside it on wider screens (for screen readers always). */
function HeaderLink(props: { to: string; label: string; icon: LucideIcon }) {
  const Icon = props.icon;
  return (
    <Link
      to={props.to}
      className="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="hidden sm:inline">{props.label}</span>
      <span className="sr-only sm:hidden">{props.label}</span>
    </Link>
  );
}

/** Spec section 2: the sticky header. */
export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const me = useMe();
  const signedIn = Boolean(me.data);
  // One live channel for the signed-in user: the bell's count refreshes when his notifications change.
  useLiveNotifications();
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-30 border-b bg-parchment/95 backdrop-blur transition-shadow dark:bg-stone-950/95",
        scrolled ? "border-stone-200 shadow-md dark:border-stone-800" : "border-transparent shadow-none",
      )}
    >
      <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2" aria-label="Shepherd home">
          <img src="/logo.svg" alt="" className="h-9 w-9 shrink-0" />
          <span className="min-w-0">
            <span className="block font-serif text-lg font-semibold leading-tight text-pasture-900 dark:text-stone-50">
              Shepherd
            </span>
            <span className="hidden truncate text-xs text-stone-600 sm:block dark:text-stone-400">
              Lead with love. Guide with grace.
            </span>
          </span>
        </Link>
        <nav aria-label="Account" className="ml-auto flex items-center gap-1">
          {me.isPending ? null : signedIn ? (
            <>
              <SubscriptionBadge />
              <NotificationBell />
              <HeaderLink to="/journal" label="Journal" icon={NotebookPen} />
              <HeaderLink to="/settings" label="Profile" icon={User} />
            </>
          ) : (
            <Link
              to="/auth"
              className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
            >
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

const NAV_ITEMS = [
  { to: "/", label: "Today", icon: Home, end: true },
  { to: "/path", label: "The Path", icon: Compass, end: false },
  { to: "/word", label: "The Word", icon: BookOpen, end: false },
  { to: "/pasture", label: "The Pasture", icon: Sprout, end: false },
  { to: "/flock", label: "My Flock", icon: Users, end: false },
] as const;

/** Spec section 2: fixed bottom navigation, five items, the active one highlighted. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-stone-800 dark:bg-stone-950/95"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium",
                  isActive ? "text-pasture-700 dark:text-gold-300" : "text-stone-600 hover:text-stone-900 dark:text-stone-400",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span className={cn("rounded-full px-3 py-1", isActive && "bg-pasture-100 dark:bg-stone-800")}>
                    <Icon aria-hidden="true" className="h-5 w-5" />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Header + page + bottom navigation, for the signed-in areas. */
export function AppLayout() {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto max-w-3xl px-4 pt-6 pb-28">
        <AreaErrorBoundary>
          <Outlet />
        </AreaErrorBoundary>
      </main>
      <BottomNav />
      <Suspense fallback={null}>
        <GenerationWatcher />
      </Suspense>
    </div>
  );
}

/** Header without bottom navigation: public pages such as /terms. */
export function PublicLayout() {
  return (
    <div className="min-h-dvh">
      <Header />
      <main id="main" className="mx-auto max-w-3xl px-4 py-8">
        <AreaErrorBoundary>
          <Outlet />
        </AreaErrorBoundary>
      </main>
    </div>
  );
}
