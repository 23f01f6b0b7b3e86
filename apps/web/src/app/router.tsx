import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { createRoutesFromElements, Navigate, Route, useRoutes } from "react-router";
import { AuthPage } from "@/features/auth/pages/auth-page";
import { ScrollToTop } from "./scroll-to-top";
import { ActivityTracker } from "./activity";
import { RequireAdmin, RequireOnboarded, RequireOnboarding } from "./guards";
import { AppLayout, PageSkeleton, PublicLayout } from "./layout";
import { NotFoundPage } from "./not-found";
import { RouteAnnouncer, RouteTitle } from "./route-announcer";

/** Areas load on demand so the first screen (often /auth) stays small. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const onboarding = () => import("@/features/onboarding/pages/onboarding-pages");
const WelcomeStep = page(onboarding, (m) => m.WelcomeStep);
const FocusStep = page(onboarding, (m) => m.FocusStep);
const IntentionsStep = page(onboarding, (m) => m.IntentionsStep);
const ProfileStep = page(onboarding, (m) => m.ProfileStep);
const PlanSelectionStep = page(onboarding, (m) => m.PlanSelectionStep);
const CompleteStep = page(onboarding, (m) => m.CompleteStep);

/** Today's code; app/boot.ts starts loading it at once on a signed-in cold load of /. */
export const loadTodayPage = () => import("@/features/today/pages/today-page");
const TodayPage = page(loadTodayPage, (m) => m.TodayPage);
const PathPage = page(
  () => import("@/features/path/pages/path-page"),
  (m) => m.PathPage,
);
const PlanCreatePage = page(
  () => import("@/features/path/pages/plan-create-page"),
  (m) => m.PlanCreatePage,
);
const PlanDetailPage = page(
  () => import("@/features/path/pages/plan-detail-page"),
  (m) => m.PlanDetailPage,
);
const PlanBuilderPage = page(
  () => import("@/features/path/pages/plan-builder-page"),
  (m) => m.PlanBuilderPage,
);
const WordPage = page(
  () => import("@/features/word/pages/word-page"),
  (m) => m.WordPage,
);
const WordBookPage = page(
  () => import("@/features/word/pages/book-page"),
  (m) => m.BookPage,
);
const WordReaderPage = page(
  () => import("@/features/word/pages/reader-page"),
  (m) => m.ReaderPage,
);
const WordSearchPage = page(
  () => import("@/features/word/pages/search-page"),
  (m) => m.SearchPage,
);
const WordNotesPage = page(
  () => import("@/features/word/pages/notes-page"),
  (m) => m.NotesPage,
);
const PasturePage = page(
  () => import("@/features/pasture/pages/pasture-page"),
  (m) => m.PasturePage,
);
const LibraryPage = page(
  () => import("@/features/pasture/pages/library-page"),
  (m) => m.LibraryPage,
);
const GatheringsPage = page(
  () => import("@/features/pasture/pages/gatherings-page"),
  (m) => m.GatheringsPage,
);
const SeriesPage = page(
  () => import("@/features/pasture/pages/series-page"),
  (m) => m.SeriesPage,
);
const SessionPage = page(
  () => import("@/features/pasture/pages/session-page"),
  (m) => m.SessionPage,
);
const SeriesEditorPage = page(
  () => import("@/features/pasture/pages/series-editor-page"),
  (m) => m.SeriesEditorPage,
);
const GatheringJoinPage = page(
  () => import("@/features/gatherings/pages/gathering-join-page"),
  (m) => m.GatheringJoinPage,
);
const GatheringRoomPage = page(
  () => import("@/features/gatherings/pages/gathering-room-page"),
  (m) => m.GatheringRoomPage,
);
const FlockPage = page(
  () => import("@/features/flock/pages/flock-page"),
  (m) => m.FlockPage,
);
const JoinFlockPage = page(
  () => import("@/features/flock/pages/join-flock-page"),
  (m) => m.JoinFlockPage,
);
const JournalPage = page(
  () => import("@/features/journal/pages/journal-page"),
  (m) => m.JournalPage,
);
const ProfilePage = page(
  () => import("@/features/profile/pages/profile-page"),
  (m) => m.ProfilePage,
);
const SettingsPage = page(
  () => import("@/features/settings/pages/settings-page"),
  (m) => m.SettingsPage,
);
const InsightsPage = page(
  () => import("@/features/insights/pages/insights-page"),
  (m) => m.InsightsPage,
);
const WhispersPage = page(
  () => import("@/features/whispers/pages/whispers-page"),
  (m) => m.WhispersPage,
);
const SubscriptionPage = page(
  () => import("@/features/subscription/pages/subscription-page"),
  (m) => m.SubscriptionPage,
);
const checkout = () => import("@/features/subscription/pages/checkout-result-pages");
const CheckoutSuccessPage = page(checkout, (m) => m.CheckoutSuccessPage);
const CheckoutCancelPage = page(checkout, (m) => m.CheckoutCancelPage);
const legal = () => import("@/features/legal/pages/legal-page");
const TermsPage = page(legal, (m) => m.TermsPage);
const PrivacyPage = page(legal, (m) => m.PrivacyPage);
const admin = () => import("@/features/admin/pages/admin-pages");
const AdminLayout = page(admin, (m) => m.AdminLayout);
const AdminSectionRoute = page(admin, (m) => m.AdminSectionRoute);
const AdminUserRoute = page(admin, (m) => m.AdminUserRoute);

/** Pages inside a layout load in its place (the shell stays); this is for those without one (onboarding's steps). */
function Loadable({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
          <PageSkeleton />
        </main>
      }
    >
      {children}
    </Suspense>
  );
}

function onboarded(node: ReactNode) {
  return <RequireOnboarded>{node}</RequireOnboarded>;
}

function onboardingStep(node: ReactNode) {
  return <RequireOnboarding>{node}</RequireOnboarding>;
}

/**
 * Spec section 2, the route table (each route's title is in route-titles.ts). Made into route objects once, when the
 * module loads: `<Routes>` turned its JSX children into them on every render, and the first render of a cold load is
 * restarted whenever an answer arrives mid-render (issue 14).
 */
const routes = createRoutesFromElements(
  <>
    <Route path="/auth" element={<AuthPage />} />
    <Route path="/onboarding">
      <Route index element={<Navigate to="/onboarding/welcome" replace />} />
      <Route path="welcome" element={onboardingStep(<WelcomeStep />)} />
      <Route path="focus" element={onboardingStep(<FocusStep />)} />
      <Route path="intentions" element={onboardingStep(<IntentionsStep />)} />
      <Route path="profile" element={onboardingStep(<ProfileStep />)} />
      <Route path="plan-selection" element={onboardingStep(<PlanSelectionStep />)} />
      <Route path="complete" element={onboardingStep(<CompleteStep />)} />
    </Route>
    <Route element={onboarded(<AppLayout />)}>
      <Route index element={<TodayPage />} />
      <Route path="path" element={<PathPage />} />
      <Route path="path/create" element={<PlanCreatePage />} />
      <Route path="path/create/basics" element={<PlanCreatePage />} />
      <Route path="path/create/context" element={<PlanCreatePage />} />
      <Route path="path/create/preferences" element={<PlanCreatePage />} />
      <Route path="path/create/review" element={<PlanCreatePage />} />
      <Route path="path/builder" element={<PlanBuilderPage />} />
      <Route path="path/:planId" element={<PlanDetailPage />} />
      <Route path="word" element={<WordPage />} />
      <Route path="word/search" element={<WordSearchPage />} />
      <Route path="word/notes" element={<WordNotesPage />} />
      <Route path="word/:book" element={<WordBookPage />} />
      <Route path="word/:book/:chapter" element={<WordReaderPage />} />
      <Route path="journal" element={<JournalPage />} />
      <Route path="pasture" element={<PasturePage />} />
      <Route path="pasture/library" element={<LibraryPage />} />
      <Route path="pasture/gatherings" element={<GatheringsPage />} />
      <Route path="pasture/library/new" element={<SeriesEditorPage />} />
      <Route path="pasture/library/:seriesId" element={<SeriesPage />} />
      <Route path="pasture/library/:seriesId/edit" element={<SeriesEditorPage />} />
      <Route path="pasture/library/:seriesId/sessions/:sessionId" element={<SessionPage />} />
      <Route path="pasture/gathering/:roomName/join" element={<GatheringJoinPage />} />
      <Route path="pasture/gathering/:roomName" element={<GatheringRoomPage />} />
      <Route path="flock" element={<FlockPage />} />
      <Route path="flock/join/:code" element={<JoinFlockPage />} />
      <Route path="profile/:userId" element={<ProfilePage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="insights" element={<InsightsPage />} />
      <Route path="whispers" element={<WhispersPage />} />
      <Route path="subscription" element={<SubscriptionPage />} />
    </Route>
    <Route element={<PublicLayout />}>
      <Route path="success" element={<CheckoutSuccessPage />} />
      <Route path="cancel" element={<CheckoutCancelPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
    </Route>
    <Route
      path="/admin"
      element={
        <RequireAdmin>
          <AppLayout wide />
        </RequireAdmin>
      }
    >
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route path=":section" element={<AdminSectionRoute />} />
        <Route path="users/:userId" element={<AdminUserRoute />} />
      </Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </>,
);

function RouteTable() {
  return useRoutes(routes);
}

export function AppRoutes() {
  return (
    <>
      <RouteTitle />
      <RouteAnnouncer />
      <Loadable>
        <ActivityTracker />
        <ScrollToTop />
        <RouteTable />
      </Loadable>
    </>
  );
}
