import { devices } from "@playwright/test";

/**
 * The phone every spec runs on: a Pixel 7's viewport, touch, mobile layout and user agent, drawn at one device pixel per
 * CSS pixel. No spec measures device pixels, and rastering every frame at the Pixel's 2.6 (in software: these machines
 * have no GPU) cost about 15% of the suite's CPU (docs/decisions/007-test-suite-speed.md).
 */
export const PHONE = { ...devices["Pixel 7"], deviceScaleFactor: 1 };
