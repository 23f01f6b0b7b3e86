import { OfflineNotice } from "./pwa";
import { ServerPauseNotice } from "./server-pause-notice";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link, NavLink, Outlet, useMatch } from "react-router";
import {
  BookOpen,
  Compass,
  Home,
  MessageCircleHeart,
  NotebookPen,
  Settings,
  ShieldCheck,
  Sprout,
  User,
  Users,
  type LucideIcon,
  ChartLine,
} from "lucide-react";
import { HEADER_SCROLL_THRESHOLD_PX } from "@shepherd/shared/constants";
import { LogoMark } from "@/components/ui/logo-mark";
import { Loading } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorBoundary } from "./error-boundary";
import { useMe } from "@/lib/session";
import { setCssVariables } from "@/lib/css-variable";
import { whenIdle } from "@/lib/when-idle";
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
    // The first look waits until the page is idle: reading scrollY while the page's first frames are still being laid
    // out forces a restyle and a layout at once (a long task on a phone's cold load, issue 14). A page restored scrolled
    // says so with a scroll event anyway.
    const cancelFirstLook = whenIdle(onScroll, 1000);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelFirstLook();
      window.removeEventListener("scroll", onScroll);
    };
  }, [threshold]);
  return scrolled;
}

/** A fixed part of the shell whose covered size is published. */
interface CoveringPart {
  variable: string;
  measure: (element: HTMLElement) => number;
}

const coveringParts = new Map<HTMLElement, CoveringPart>();
let coveringObserver: ResizeObserver | undefined;

/**
 * Measures every covering part first, then writes the values that changed (setCssVariables): a measure after a write to
 * <html>'s style would force a restyle of the whole page and a layout at once (issue 14). index.css gives the usual
 * sizes of a phone and a laptop, so on most loads nothing is written.
 */
function publishCoveredSizes() {
  const html = document.documentElement;
  const sizes = [...coveringParts].map(
    ([element, part]) => [html, part.variable, `${Math.ceil(part.measure(element))}px`] as const,
  );
  setCssVariables(sizes);
}

/**
 * Publishes how much of the screen a fixed part of the shell covers as a CSS variable on <html>: index.css keeps
 * focused elements out from under it (scroll-padding), and fixed page parts (an audio bar) sit above it. Measured,
 * because both grow with the text size and may wrap onto a second row. One ResizeObserver watches every part: its
 * reports come after the browser's own layout and before it paints (measuring during the render would force a layout).
 */
function useCoveredSize(ref: RefObject<HTMLElement | null>, variable: string, measure: (element: HTMLElement) => number) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    coveringParts.set(element, { variable, measure });
    coveringObserver ??= new ResizeObserver(publishCoveredSizes);
    coveringObserver.observe(element);
    if (coveringParts.size === 1) window.addEventListener("resize", publishCoveredSizes);
    return () => {
      coveringObserver?.unobserve(element);
      coveringParts.delete(element);
      if (coveringParts.size === 0) window.removeEventListener("resize", publishCoveredSizes);
      document.documentElement.style.removeProperty(variable);
    };
  }, [ref, variable, measure]);
}

/**
 * The header stays on screen while it is small; when large text makes it cover more than a quarter of the screen it
 * scrolls away with the page (and then covers nothing).
 */
const headerHeight = (header: HTMLElement) => {
  const height = header.getBoundingClientRect().height;
  const tall = String(height > window.innerHeight / 4);
  // Written only when it changes: a write here would make the next part's measure restyle the page first.
  if (header.dataset.tall !== tall) header.dataset.tall = tall;
  return tall === "true" ? 0 : height;
};
// The bar at the bottom of a phone covers its height; the sidebar of a wide screen covers nothing below.
const tabBarHeight = (nav: HTMLElement) => {
  const box = nav.getBoundingClientRect();
  return box.top > 0 ? box.height : 0;
};

/** A link in the header: its icon, and its label beside it on wider screens (for screen readers always). */
function HeaderLink(props: { to: string; label: string; icon: LucideIcon; className?: string }) {
  const Icon = props.icon;
  return (
    <Link
      to={props.to}
      className={cn(
        "inline-flex min-h-10 items-center gap-1 rounded-lg px-1.5 text-sm sm:px-2 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800",
        props.className,
      )}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="hidden sm:inline">{props.label}</span>
      <span className="sr-only sm:hidden">{props.label}</span>
    </Link>
  );
}

function Brand({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("flex min-w-0 items-center gap-1.5 sm:gap-2", className)} aria-label="Shepherd home">
      <LogoMark className="h-8 w-8 shrink-0 sm:h-9 sm:w-9" />
      <span className="min-w-0">
        <span className="block font-serif text-lg font-semibold leading-tight text-pasture-900 dark:text-stone-50">Shepherd</span>
        <span className="hidden text-xs text-stone-600 sm:block dark:text-stone-400">Lead with love. Guide with grace.</span>
      </span>
    </Link>
  );
}

/**
 * Spec section 2: the sticky header. Beside the sidebar of a wide screen it keeps only what is not in the sidebar (the
 * Upgrade button or Premium badge and the bell); the logo, Journal and Profile move into the sidebar. Its two halves
 * wrap onto two rows when large text leaves no room, so the Upgrade button never covers the name.
 * `checking`: the header of the shell a cold load shows while the guards decide (AppLayout's `checking`). Its account
 * links stay hidden even once the profile has answered, until the guards let the page through (they render it in a
 * transition), so the header fills in with the page, not before it.
 */
export function Header({ besideSidebar = false, checking = false }: { besideSidebar?: boolean; checking?: boolean }) {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const me = useMe();
  const signedIn = Boolean(me.data);
  const ref = useRef<HTMLElement>(null);
  useCoveredSize(ref, "--shell-header-height", headerHeight);
  // One live channel for the signed-in user: the bell's count refreshes when his notifications change.
  useLiveNotifications({ enabled: !checking });
  return (
    <header
      ref={ref}
      // Not tall until measured (headerHeight): the usual header is never written to, which would restyle it mid-frame.
      data-tall="false"
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-30 border-b bg-parchment/95 backdrop-blur transition-shadow data-[tall=true]:static dark:bg-stone-950/95",
        scrolled ? "border-stone-200 shadow-md dark:border-stone-800" : "border-transparent shadow-none",
        besideSidebar && "lg:pl-(--shell-sidebar-width)",
      )}
    >
      <div
        className={cn(
          // Gutters in px: they need not grow with his text size, the text needs the room.
          "mx-auto flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 px-[12px] py-2 sm:px-[16px]",
          besideSidebar ? "max-w-3xl lg:max-w-none lg:px-8" : "max-w-3xl lg:max-w-6xl lg:px-8",
        )}
      >
        <Brand className={cn(besideSidebar && "lg:hidden")} />
        <nav aria-label="Account" className="ml-auto flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
          {me.isPending || checking ? null : signedIn ? (
            <>
              <SubscriptionBadge />
              <NotificationBell />
              <HeaderLink to="/journal" label="Journal" icon={NotebookPen} className={cn(besideSidebar && "lg:hidden")} />
              <HeaderLink to="/settings" label="Profile" icon={User} className={cn(besideSidebar && "lg:hidden")} />
              {/* The sidebar of a wide screen leads admins to /admin; on a phone the header does. Members never see it. */}
              {me.data?.isAdmin ? <HeaderLink to="/admin" label="Admin" icon={ShieldCheck} className="lg:hidden" /> : null}
            </>
          ) : (
            <Link
              to="/auth"
              className="inline-flex min-h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
            >
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/** Spec section 2: the five bottom-tab destinations. */
const TABS: NavItem[] = [
  { to: "/", label: "Today", icon: Home, end: true },
  { to: "/path", label: "The Path", icon: Compass },
  { to: "/word", label: "The Word", icon: BookOpen },
  { to: "/pasture", label: "The Pasture", icon: Sprout },
  { to: "/flock", label: "My Flock", icon: Users },
];

/** Where the sidebar of a wide screen also leads. */
const MORE: NavItem[] = [
  { to: "/journal", label: "Journal", icon: NotebookPen },
  { to: "/insights", label: "Insights", icon: ChartLine },
  { to: "/whispers", label: "Whispers", icon: MessageCircleHeart },
  { to: "/settings", label: "Settings", icon: Settings },
];

const ADMIN: NavItem = { to: "/admin", label: "Admin", icon: ShieldCheck };

function NavItemLink({ item, sidebarOnly, first }: { item: NavItem; sidebarOnly?: boolean; first?: boolean }) {
  const Icon = item.icon;
  return (
    <li
      className={cn(
        sidebarOnly ? "hidden lg:block" : "min-w-0 max-lg:@max-[19rem]:flex-none",
        first && "lg:mt-3 lg:border-t lg:border-stone-200 lg:pt-3 lg:dark:border-stone-800",
      )}
    >
      <NavLink
        to={item.to}
        end={item.end}
        className={({ isActive }) =>
          cn(
            // A phone's tab: icon over label, labels in rem so they grow with his text size.
            "flex min-h-16 flex-col items-center justify-center gap-1 px-1 py-1 text-center text-[0.6875rem] font-medium leading-tight",
            // Too little room for five tabs at his text size: rows of labels, without the icons, so the bar stays low.
            "max-lg:@max-[19rem]:min-h-[44px] max-lg:@max-[19rem]:px-[10px]",
            // The sidebar's row: icon beside label.
            "lg:min-h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-lg lg:px-3 lg:text-left lg:text-sm",
            isActive
              ? "text-pasture-700 max-lg:@max-[19rem]:rounded-lg max-lg:@max-[19rem]:bg-pasture-100 lg:bg-pasture-100 dark:text-gold-300 max-lg:@max-[19rem]:dark:bg-stone-800 lg:dark:bg-stone-800"
              : "text-stone-600 hover:text-stone-900 lg:hover:bg-stone-100 dark:text-stone-400 dark:hover:text-stone-100 lg:dark:hover:bg-stone-900",
          )
        }
      >
        {({ isActive }) => (
          <>
            <span
              className={cn(
                "rounded-full px-3 py-1 max-lg:@max-[19rem]:hidden lg:p-0",
                isActive && "bg-pasture-100 lg:bg-transparent dark:bg-stone-800",
              )}
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
            <span className="whitespace-nowrap">{item.label}</span>
          </>
        )}
      </NavLink>
    </li>
  );
}

/**
 * Spec section 2's bottom navigation, one nav for every width: on a phone the fixed bar of five tabs (the active one
 * highlighted, aria-current="page"); from 1024 px a sidebar with the same five, then Journal, Whispers, Settings and,
 * for an admin, Admin. When large text leaves the five tabs no room side by side, they wrap onto rows instead of being
 * cut.
 */
export function MainNav({ isAdmin = false }: { isAdmin?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useCoveredSize(ref, "--shell-tab-bar-height", tabBarHeight);
  return (
    <nav
      ref={ref}
      aria-label="Main"
      className={cn(
        // Never wider than the screen: a bar as wide as the page's widest moment would keep the page that wide.
        "@container fixed inset-x-0 bottom-0 z-30 max-lg:max-w-[100vw] max-lg:overflow-x-clip border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-stone-800 dark:bg-stone-950/95",
        "lg:inset-x-auto lg:top-0 lg:left-0 lg:z-40 lg:flex lg:w-(--shell-sidebar-width) lg:flex-col lg:overflow-y-auto lg:border-t-0 lg:border-r lg:bg-parchment lg:pb-0 lg:dark:bg-stone-950",
      )}
    >
      <Brand className="hidden px-5 py-4 lg:flex" />
      <ul className="mx-auto grid max-w-3xl grid-cols-5 max-lg:@max-[19rem]:flex max-lg:@max-[19rem]:flex-wrap max-lg:@max-[19rem]:justify-center lg:mx-0 lg:flex lg:max-w-none lg:flex-col lg:gap-1 lg:px-3 lg:pb-6">
        {TABS.map((item) => (
          <NavItemLink key={item.to} item={item} />
        ))}
        {MORE.map((item, index) => (
          <NavItemLink key={item.to} item={item} sidebarOnly first={index === 0} />
        ))}
        {isAdmin ? <NavItemLink item={ADMIN} sidebarOnly /> : null}
      </ul>
    </nav>
  );
}

/** A page that is still loading: its label for screen readers, grey blocks where its heading and content will be. */
export function PageSkeleton() {
  return (
    <Loading label="Loading the page" className="space-y-4">
      <div className="space-y-2" data-testid="page-skeleton">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
    </Loading>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
    >
      Skip to content
    </a>
  );
}

/** A shell without the navigation covers nothing below (index.css gives the phone's tab bar height until it is measured). */
function NoTabBar() {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    style.setProperty("--shell-tab-bar-height", "0px");
    return () => void style.removeProperty("--shell-tab-bar-height");
  }, []);
  return null;
}

/**
 * The frame of the signed-in app: header, navigation and the page. The page gets a reading width (about 70
 * characters a line) beside the sidebar, not the whole screen; `wide` is for pages that lay out columns (admin, Today, the insights).
 */
function Shell(props: { nav: boolean; isAdmin?: boolean; wide?: boolean; checking?: boolean; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <Header besideSidebar={props.nav} checking={props.checking} />
      {props.nav ? <MainNav isAdmin={props.isAdmin} /> : <NoTabBar />}
      <main id="main" className={cn(props.nav && "lg:pl-(--shell-sidebar-width)")}>
        <div
          data-testid="page-column"
          className={cn(
            "mx-auto w-full px-[16px] pt-6 lg:px-8 lg:pt-8 lg:pb-16",
            props.wide ? "max-w-6xl" : "max-w-3xl",
            props.nav ? "pb-[calc(var(--shell-tab-bar-height,4rem)+3rem)]" : "pb-12",
          )}
        >
          <ServerPauseNotice />
          <OfflineNotice />
          {props.children}
        </div>
      </main>
    </div>
  );
}

/**
 * Header + navigation + page, for the signed-in areas. A page whose code is still loading shows its skeleton in place.
 * `checking`: what a cold load shows at once while the guards find out who is asking (the header without its account
 * links, the navigation when `nav`, the page's skeleton). It is this same layout, so when the guards let the page
 * through React keeps the header and the navigation it has drawn and only fills them in: replacing a separate skeleton
 * shell removed and rebuilt them, some 50 ms of a phone's main thread in one task (issue 14).
 */
export function AppLayout({ wide = false, checking = false, nav = true }: { wide?: boolean; checking?: boolean; nav?: boolean }) {
  const me = useMe();
  // Today lays out two columns from 1024 px (the devotional, and beside it the week, check-in, whisper and plan day);
  // the insights lay their charts out two by two.
  const today = useMatch({ path: "/", end: true }) !== null;
  const insights = useMatch({ path: "/insights", end: true }) !== null;
  return (
    <>
      <Shell nav={nav} checking={checking} isAdmin={!checking && Boolean(me.data?.isAdmin)} wide={wide || today || insights}>
        <AreaErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>{checking ? <PageSkeleton /> : <Outlet />}</Suspense>
        </AreaErrorBoundary>
      </Shell>
      <Suspense fallback={null}>{checking ? null : <GenerationWatcher />}</Suspense>
    </>
  );
}

/** Header without the navigation: public pages such as /terms. */
export function PublicLayout() {
  return (
    <Shell nav={false}>
      <AreaErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </AreaErrorBoundary>
    </Shell>
  );
}
