import { NavLink, Outlet, useParams } from "react-router";
import { cn } from "@/lib/cn";
import { useDocumentTitle } from "@/lib/document-title";
import { PageHeading } from "@/components/ui/page";
import { ReportsPanel } from "../components/reports-panel";
import { AbTestsPanel } from "./ab-tests-page";
import { ChurnPanel } from "./churn-page";
import { DashboardPanel } from "./dashboard-page";
import { FeaturesPanel } from "./features-page";
import { GenerateImagesPanel } from "./generate-images-page";
import { HealthPanel } from "./health-page";
import { SubscriptionsPanel } from "./subscriptions-page";
import { SupportPanel } from "./support-page";
import { UsersPanel } from "./users-page";

export { AdminUserRoute } from "./user-page";

/** Each admin page's panel (issue 17). */
const PANELS: Partial<Record<string, () => React.JSX.Element>> = {
  dashboard: DashboardPanel,
  users: UsersPanel,
  subscriptions: SubscriptionsPanel,
  features: FeaturesPanel,
  support: SupportPanel,
  churn: ChurnPanel,
  reports: ReportsPanel,
  "ab-tests": AbTestsPanel,
  health: HealthPanel,
  "generate-images": GenerateImagesPanel,
};

/** Spec section 2: /admin sub-routes. The admin issue fills each page; each says what it will hold. */
export const ADMIN_SECTIONS = [
  { path: "dashboard", title: "Dashboard", description: "Members, activity and subscriptions at a glance." },
  { path: "users", title: "Users", description: "Find a member, see their account state, and manage roles." },
  { path: "subscriptions", title: "Subscriptions", description: "Premium members, trials and billing events." },
  { path: "features", title: "Feature Analytics", description: "Which parts of Shepherd men use, and how often." },
  { path: "support", title: "Support", description: "Questions and problems members have raised." },
  { path: "churn", title: "Churn", description: "Who stopped coming back, and when." },
  { path: "reports", title: "Reports", description: "Posts and comments members have reported for review." },
  { path: "ab-tests", title: "A/B Tests", description: "Experiments and their results." },
  { path: "health", title: "Health", description: "Error reports from members' browsers and the state of the server." },
  { path: "generate-images", title: "Generate Images", description: "Artwork for devotionals and series." },
] as const;

/** Inside the app's shell (its main landmark, header and navigation), at the shell's wide width. */
export function AdminLayout() {
  return (
    <div className="md:flex md:gap-6">
      <nav aria-label="Admin" className="mb-6 md:mb-0 md:w-52">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink
                to={`/admin/${s.path}`}
                className={({ isActive }) =>
                  cn(
                    "block whitespace-nowrap rounded-lg px-3 py-2 text-sm",
                    isActive ? "bg-pasture-700 text-white" : "hover:bg-stone-100 dark:hover:bg-stone-800",
                  )
                }
              >
                {s.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}

export function AdminSectionRoute() {
  const { section: path } = useParams();
  const section = ADMIN_SECTIONS.find((s) => s.path === path);
  useDocumentTitle(section ? `${section.title} · Admin` : "Not Found · Admin");
  if (!section) return <PageHeading title="Not found" description="There is no such admin page." />;
  const Panel = PANELS[section.path];
  return (
    <>
      <PageHeading title={section.title} description={section.description} />
      {Panel ? <Panel /> : null}
    </>
  );
}
