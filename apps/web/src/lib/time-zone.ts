/** Temporal where the browser has it (Chromium 144+, Firefox 139+): it names the zone without loading locale data. */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;

/**
 * This device's time zone (IANA name), UTC when the browser does not say. Temporal answers at once; Intl's first
 * formatter on a page loads the browser's locale data (30 to 170 ms of a phone's main thread), so it is the fallback.
 */
export function localTimeZone(): string {
  try {
    if (temporal) return temporal.Now.timeZoneId();
  } catch {
    // an old Temporal draft: Intl below
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The calendar date (YYYY-MM-DD) on this device's clock, in its own zone: what localDate(at, localTimeZone()) answers,
 * from Date's local fields, so no Intl formatter is built (the first one on a page loads the browser's time zone data,
 * 40 ms of a phone's main thread even after the first load; issue 14).
 */
export function deviceDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
