import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LogoMark } from "./logo-mark";

const web = new URL("../../../", import.meta.url);

/** The drawing's shapes, each as its tag and attributes, whatever the order and quoting of the markup. */
function shapes(svg: string) {
  return [...svg.matchAll(/<(rect|path)\s([^>]*?)\/?>/g)].map(([, tag, attributes]) => ({
    tag,
    attributes: Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  }));
}

describe("LogoMark", () => {
  const file = readFileSync(new URL("public/logo.svg", web), "utf8");

  it("draws what public/logo.svg draws, hidden from screen readers", () => {
    const markup = renderToStaticMarkup(<LogoMark className="h-9 w-9" />);
    expect(shapes(markup)).toEqual(shapes(file));
    expect(shapes(markup)).toHaveLength(4);
    expect(markup).toMatch(/^<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" class="h-9 w-9">/);
  });

  it("is the drawing index.html's frame shows before the app runs", () => {
    const frame = readFileSync(new URL("index.html", web), "utf8").match(/<header[\s\S]*?<\/header>/)?.[0] ?? "";
    expect(frame).not.toContain("<img");
    expect(shapes(frame)).toEqual(shapes(file));
  });
});
