/** This device's time zone (IANA name), UTC when the browser does not say. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
