/** What every spec's Chromium is started with: headless, no sandbox (CI runs as root), its calls home and QUIC off. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Launch options for the Chromium at `executablePath` (scripts/chromium.mjs finds the full browser and its headless
 * shell and exports CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH), with a spec's own flags after ours.
 */
export function chromiumLaunch(executablePath: string | undefined, extra: string[] = []) {
  return { executablePath: executablePath ?? "/usr/bin/chromium", args: [...FLAGS, ...extra] };
}
