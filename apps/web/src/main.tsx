// First, before any schema is built: zod without `new Function` (the CSP allows no eval).
import "@shepherd/shared/no-eval";
import { QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { BrowserRouter } from "react-router";
import { startBoot } from "./app/boot";
import { ErrorBoundary } from "./app/error-boundary";
import { Toasts } from "./components/ui/toasts";
import { PwaKeeper } from "./app/pwa";
import { AppRoutes, loadTodayPage } from "./app/router";
import { listenForInstallPrompt } from "./lib/pwa/install";
import { startServiceWorker } from "./lib/pwa/worker";
import { createQueryClient } from "./lib/query-client";
import { useSessionKeeper } from "./lib/session";
import { adoptPageHint } from "./lib/signed-in-hint";
import { startTheme } from "./lib/theme";
import "./index.css";

startTheme();
listenForInstallPrompt();
startServiceWorker();

const queryClient = createQueryClient();
adoptPageHint();
startBoot(queryClient, { pathname: window.location.pathname, loadToday: loadTodayPage });

function SessionKeeper() {
  useSessionKeeper();
  return null;
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// In a task of its own, after the one that evaluated the app's code and asked for its first answers: on a phone each
// is long enough alone (issue 14: total blocking time). React DOM's own code (in the entry's file, vite.config.ts) is
// evaluated then too, not with the rest. In a transition, React then renders the app in short slices that yield to the
// browser between them, so the first render of a cold load is not one long task either.
setTimeout(async () => {
  const { createRoot } = await import("react-dom/client");
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <ErrorBoundary onReset={() => void queryClient.resetQueries()}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <SessionKeeper />
              <PwaKeeper />
              <AppRoutes />
              <Toasts />
            </BrowserRouter>
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
}, 0);
