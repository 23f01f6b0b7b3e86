import { expect, type Page } from "@playwright/test";
import { expectAccessibleLightAndDark } from "./helpers";

// The route sweep (a11y.spec.ts, a11y-community.spec.ts): every route once, its document title and axe on it, every
// rule in the light theme and colour contrast in the dark one, with no violation of any impact. Other specs run axe only
// on what the sweep does not reach (an open dialog, a filled form, a member's own content, a laptop's layout).

/** A route's expected title: the whole title, a pattern, or one made from the page's h1 (a page about one thing). */
export type ExpectedTitle = string | RegExp | ((h1: string) => string);

/** "<h1> · <section> · Shepherd": a page about one thing (a plan, a brother, a series) is titled by its heading. */
export const byHeading = (section: string) => (h1: string) => `${h1} · ${section} · Shepherd`;

/** Waits for the page's heading (its content has loaded), checks its title if one is given, then axe in light and dark. */
export async function sweep(page: Page, where: string, title?: ExpectedTitle) {
  const h1 = page.getByRole("heading", { level: 1 }).first();
  await expect(h1).toBeVisible();
  if (typeof title === "function") {
    // Read together: after a link, the page before's h1 and title may still be showing for a moment.
    await expect
      .poll(
        async () => {
          const [heading, current] = await page.evaluate(() => [document.querySelector("h1")?.textContent ?? "", document.title]);
          return current === title(heading.trim()) ? "matches" : `${current} (its h1: ${heading})`;
        },
        { message: `${where}: its title` },
      )
      .toBe("matches");
  } else if (title !== undefined) await expect(page, `${where}: its title`).toHaveTitle(title);
  await expectAccessibleLightAndDark(page, where);
}

export async function visit(page: Page, route: string, title?: ExpectedTitle) {
  await page.goto(route);
  await sweep(page, route, title);
}
