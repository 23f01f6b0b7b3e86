import { describe, expect, it } from "vitest";
import { setCssVariables, type Styled } from "./css-variable";

/** An element whose inline style counts its writes, over a stylesheet that gives `defaults`; the log keeps the order. */
function element(log: string[], defaults: Record<string, string> = {}) {
  const values = new Map<string, string>();
  const styled = {
    defaults,
    style: {
      getPropertyValue: (name: string) => values.get(name) ?? "",
      setProperty: (name: string, value: string | null) => {
        log.push(`write ${name}`);
        values.set(name, value ?? "");
      },
    },
  };
  return styled;
}

/** The value in effect, as the browser would answer it: inline, else the stylesheet's; each read logged. */
function inEffect(log: string[]) {
  return (el: Styled, name: string) => {
    log.push(`read ${name}`);
    return el.style.getPropertyValue(name) || ((el as ReturnType<typeof element>).defaults[name] ?? "");
  };
}

describe("setCssVariables", () => {
  it("writes only what differs from the value in effect, so the stylesheet's default is never written", () => {
    const log: string[] = [];
    const html = element(log, { "--shell-header-height": "65px", "--shell-tab-bar-height": "65px" });
    const read = inEffect(log);
    setCssVariables(
      [
        [html, "--shell-header-height", "65px"],
        [html, "--shell-tab-bar-height", "65px"],
      ],
      read,
    );
    expect(log.filter((l) => l.startsWith("write"))).toEqual([]);
    setCssVariables([[html, "--shell-tab-bar-height", "88px"]], read);
    expect(html.style.getPropertyValue("--shell-tab-bar-height")).toBe("88px");
    setCssVariables([[html, "--shell-tab-bar-height", "88px"]], read);
    // Back to the default: written inline, since the inline 88px is what is in effect.
    setCssVariables([[html, "--shell-tab-bar-height", "65px"]], read);
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write --shell-tab-bar-height", "write --shell-tab-bar-height"]);
    expect(html.style.getPropertyValue("--shell-tab-bar-height")).toBe("65px");
  });

  it("reads every value before it writes any (a read after a write would restyle the page first)", () => {
    const log: string[] = [];
    const html = element(log);
    const bar = element(log, { "--today-player": "0px" });
    setCssVariables(
      [
        [html, "--page-dock-height", "69px"],
        [bar, "--today-player", "0px"],
        [bar, "--today-bar", "69px"],
      ],
      inEffect(log),
    );
    expect(log).toEqual([
      "read --page-dock-height",
      "read --today-player",
      "read --today-bar",
      "write --page-dock-height",
      "write --today-bar",
    ]);
  });
});
