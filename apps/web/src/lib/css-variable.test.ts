import { describe, expect, it } from "vitest";
import { setCssVariable } from "./css-variable";

/** An inline style that counts its writes. */
function countingStyle() {
  const values = new Map<string, string>();
  const style = {
    writes: 0,
    getPropertyValue: (name: string) => values.get(name) ?? "",
    setProperty: (name: string, value: string | null) => {
      style.writes += 1;
      values.set(name, value ?? "");
    },
  };
  return style;
}

describe("setCssVariable", () => {
  it("writes a new or changed value, and leaves an unchanged one alone", () => {
    const style = countingStyle();
    setCssVariable(style, "--shell-tab-bar-height", "64px");
    expect(style.getPropertyValue("--shell-tab-bar-height")).toBe("64px");
    setCssVariable(style, "--shell-tab-bar-height", "64px");
    setCssVariable(style, "--shell-tab-bar-height", "64px");
    expect(style.writes).toBe(1);
    setCssVariable(style, "--shell-tab-bar-height", "88px");
    expect(style.getPropertyValue("--shell-tab-bar-height")).toBe("88px");
    expect(style.writes).toBe(2);
    setCssVariable(style, "--page-dock-height", "88px");
    expect(style.writes).toBe(3);
  });
});
