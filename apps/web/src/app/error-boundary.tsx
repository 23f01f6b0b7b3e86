import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "./api/report-error";

interface State {
  error: Error | null;
}

/** Spec section 2, Error screen. Used app-wide and around each area so one broken area does not take the app down. */
export class ErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error);
    reportError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="font-serif text-2xl font-semibold">Something went wrong</h1>
        <p className="text-stone-700 dark:text-stone-300">We encountered an unexpected error. Don't worry, your data is safe.</p>
        <div className="flex gap-3">
          <button
            type="button"
            className="h-10 rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
            onClick={() => {
              // Fresh data too: a bad answer cached from the server would only crash again.
              this.props.onReset?.();
              this.setState({ error: null });
            }}
          >
            Try Again
          </button>
          <a
            href="/"
            className="inline-flex h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium hover:bg-stone-50 dark:border-stone-700 dark:hover:bg-stone-800"
          >
            Go Home
          </a>
        </div>
        <p className="text-xs text-stone-600 dark:text-stone-400">
          If this problem persists, please{" "}
          {/* A plain link: the boundary may sit outside the router, and a full load starts the app afresh. */}
          <a href="/settings#support" className="underline underline-offset-2 hover:no-underline">
            contact support
          </a>
          .
        </p>
      </main>
    );
  }
}
