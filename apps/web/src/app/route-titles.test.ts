import { describe, expect, it } from "vitest";
import { routeTitle } from "./route-titles";

describe("routeTitle", () => {
  it("names each area by its route", () => {
    expect(routeTitle("/")).toBe("Today");
    expect(routeTitle("/path")).toBe("The Path");
    expect(routeTitle("/word")).toBe("The Word");
    expect(routeTitle("/pasture")).toBe("The Pasture");
    expect(routeTitle("/flock")).toBe("My Flock");
    expect(routeTitle("/journal")).toBe("Journal");
    expect(routeTitle("/settings")).toBe("Settings");
    expect(routeTitle("/auth")).toBe("Sign In");
    expect(routeTitle("/onboarding/focus")).toBe("Your Focus");
  });

  it("prefers a fixed segment over a parameter, whatever the table's order", () => {
    expect(routeTitle("/path/builder")).toBe("Plan Builder");
    expect(routeTitle("/path/create/basics")).toBe("Create your own plan");
    expect(routeTitle("/path/0b9a2c4e-1111-4c4c-9c9c-123456789abc")).toBe("Plan · The Path");
    expect(routeTitle("/word/search")).toBe("Search · The Word");
    expect(routeTitle("/word/John")).toBe("The Word");
    expect(routeTitle("/word/John/3")).toBe("The Word");
    expect(routeTitle("/pasture/library")).toBe("Series Library · The Pasture");
    expect(routeTitle("/pasture/library/new")).toBe("Create a Series · The Pasture");
    expect(routeTitle("/pasture/library/0b9a2c4e-1111-4c4c-9c9c-123456789abc")).toBe("Series · The Pasture");
    expect(routeTitle("/pasture/library/0b9a2c4e-1111-4c4c-9c9c-123456789abc/edit")).toBe("Edit Series · The Pasture");
    expect(
      routeTitle("/pasture/library/0b9a2c4e-1111-4c4c-9c9c-123456789abc/sessions/1c9a2c4e-1111-4c4c-9c9c-123456789abc"),
    ).toBe("Session · The Pasture");
    expect(routeTitle("/pasture/gathering/men-at-dawn/join")).toBe("Join the Gathering · The Pasture");
    expect(routeTitle("/pasture/gathering/men-at-dawn")).toBe("Gathering · The Pasture");
    expect(routeTitle("/admin/reports")).toBe("Admin");
    expect(routeTitle("/admin/dashboard")).toBe("Dashboard · Admin");
    expect(routeTitle("/admin/users")).toBe("Users · Admin");
    expect(routeTitle("/admin/users/0b9a2c4e-1111-4c4c-9c9c-123456789abc")).toBe("Member · Users · Admin");
    expect(routeTitle("/admin/health")).toBe("Health · Admin");
    expect(routeTitle("/admin/subscriptions")).toBe("Subscriptions · Admin");
  });

  it("ignores a trailing slash and the letter case of the path", () => {
    expect(routeTitle("/journal/")).toBe("Journal");
    expect(routeTitle("/Journal")).toBe("Journal");
  });

  it("names any other path as not found", () => {
    expect(routeTitle("/this/does/not/exist")).toBe("Page Not Found");
    expect(routeTitle("/path/create/somewhere")).toBe("Page Not Found");
    expect(routeTitle("/journal/2026")).toBe("Page Not Found");
  });
});
