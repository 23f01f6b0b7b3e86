/**
 * POST /api/error-reports: a rendering exception, stored by our API (and forwarded to Sentry when configured). A plain
 * fetch: reporting must work whatever state the rest of the app is in, and its failure is only logged.
 */
export function reportError(error: Error, componentStack?: string) {
  const body = JSON.stringify({
    message: (error.message || String(error)).slice(0, 2000),
    stack: error.stack?.slice(0, 8_000),
    component_stack: componentStack?.slice(0, 8_000),
    url: window.location.href.slice(0, 2048),
    user_agent: navigator.userAgent.slice(0, 512),
  });
  fetch("/api/error-reports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    credentials: "same-origin",
  }).catch((reportFailure: unknown) => console.error("could not report the error", reportFailure));
}
