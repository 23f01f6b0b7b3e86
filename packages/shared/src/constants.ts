/** The spec's numbers, each with the section it comes from. */

/** Section 5 and 9: display name length. */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
/** Section 5 and 9: password minimum length at sign-up. */
export const PASSWORD_MIN = 8;
/** Section 5: password strength thresholds (Weak < 30 <= Fair < 60 <= Good < 80 <= Strong). */
export const STRENGTH_FAIR_AT = 30;
export const STRENGTH_GOOD_AT = 60;
export const STRENGTH_STRONG_AT = 80;
/** Section 9: header gets a border and shadow past this scroll offset. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** Section 4 and 9: session token check tick. */
export const AUTH_TOKEN_CHECK_MS = 30_000;
/** Section 9: subscription refresh. */
export const SUBSCRIPTION_REFRESH_MS = 60_000;
/** Section 3: the browser flag set when onboarding is done. */
export const ONBOARDING_FLAG_KEY = "onboardingComplete";

/** Usernames: lowercase letters, digits and underscores, 3-30 characters (our design; spec leaves it open). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

/** Avatar uploads: images only, at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** Most JSON bodies are small; anything larger is refused with 413. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
