import { describe, expect, test } from "vitest";
import { criticalCss, markupClasses, selectorClasses } from "./critical-css";

// The shape of Tailwind's built stylesheet: the layers' order, layers, media and support queries around utilities.
const BUILT = [
  "/*! tailwindcss */",
  "@layer properties,theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-stone-200:#e7e5e4;--spacing:.25rem}}",
  "@layer base{*,:after,:before{box-sizing:border-box}body{margin:0}}",
  "@layer components{.prose p{margin:1em 0}}",
  "@layer utilities{.flex{display:flex}.grid{display:grid}.px-4{padding-inline:calc(var(--spacing) * 4)}",
  ".bg-parchment\\/95{background-color:#faf6eef2}@supports (color:color-mix(in lab, red, red)){.bg-parchment\\/95{background-color:red}}",
  ".hover\\:bg-stone-200:hover{background:#eee}.dark\\:text-white:where(.dark,.dark *){color:#fff}",
  ":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
  "@media (min-width:64rem){.lg\\:px-8{padding-inline:2rem}.lg\\:grid{display:grid}}",
  "@media (hover:hover){.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}}",
  ".flex,.grid-cols-2{gap:0}}",
  '@property --tw-leading{syntax:"*";inherits:false}',
  "@keyframes pulse{50%{opacity:.5}}",
].join("");

describe("the frame's stylesheet (issue 14: the first paint does not wait for the whole stylesheet)", () => {
  const frame = '<header class="flex px-4 bg-parchment/95 lg:px-8"><div class="space-y-4"></div></header>';
  const css = criticalCss(BUILT, markupClasses(frame));

  test("keeps the layers' order, the theme, the base, registered properties and keyframes whole", () => {
    expect(css).toContain("@layer properties,theme,base,components,utilities;");
    expect(css).toContain("@layer theme{:root,:host{--color-stone-200:#e7e5e4;--spacing:.25rem}}");
    expect(css).toContain("@layer base{*,:after,:before{box-sizing:border-box}body{margin:0}}");
    expect(css).toContain('@property --tw-leading{syntax:"*";inherits:false}');
    expect(css).toContain("@keyframes pulse{50%{opacity:.5}}");
  });

  test("keeps the utilities the frame names, in their media and support queries, and only those", () => {
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".px-4{padding-inline:calc(var(--spacing) * 4)}");
    expect(css).toContain(
      ".bg-parchment\\/95{background-color:#faf6eef2}@supports (color:color-mix(in lab, red, red)){.bg-parchment\\/95{background-color:red}}",
    );
    expect(css).toContain("@media (min-width:64rem){.lg\\:px-8{padding-inline:2rem}}");
    expect(css).toContain(":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}");
    // From a selector list, only the selectors the frame uses.
    expect(css).toContain(".flex{gap:0}");
    for (const unused of [".grid", "hover\\:", "dark\\:", "group-hover", "prose", "grid-cols-2", "/*"]) {
      expect(css).not.toContain(unused);
    }
    // A query left with nothing in it goes too.
    expect(css).not.toContain("(hover:hover)");
    expect(css).not.toContain("@layer components");
  });

  test("reads class names as the markup writes them and as selectors escape them", () => {
    expect([...markupClasses('<div class="a  lg:b\n w-1/2"></div><p class=""></p><span id="class"></span>')]).toEqual([
      "a",
      "lg:b",
      "w-1/2",
    ]);
    expect(selectorClasses(".lg\\:max-w-6xl")).toEqual(["lg:max-w-6xl"]);
    expect(selectorClasses(":where(.space-y-4>:not(:last-child))")).toEqual(["space-y-4"]);
    expect(selectorClasses(".dark\\:x:where(.dark,.dark *)")).toEqual(["dark:x", "dark", "dark"]);
    expect(selectorClasses("body")).toEqual([]);
  });
});
