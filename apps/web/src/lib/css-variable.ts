/** What setCssVariables needs of an element: its inline style. */
export interface Styled {
  style: Pick<CSSStyleDeclaration, "getPropertyValue" | "setProperty">;
}

/** One write: the element, the custom property, its new value. */
export type CssVariableWrite = readonly [element: Styled, name: string, value: string];

/**
 * The value a custom property has on an element now: its inline value, else what the stylesheet gives it. index.css
 * registers each measured size (`@property`, a <length>), so this is in px, as the measures are.
 */
export function valueInEffect(element: Styled, name: string): string {
  return (
    element.style.getPropertyValue(name) ||
    getComputedStyle(element as unknown as Element)
      .getPropertyValue(name)
      .trim()
  );
}

/**
 * Sets CSS custom properties in inline styles, each only when its value differs from the one in effect. A write
 * restyles the element and, for an inherited property, everything below it (for <html>, the whole page); a read after a
 * write forces that restyle and a layout at once: on a phone's cold load, rewriting unchanged sizes was a long task
 * (issue 14). So every value is read before any is written, and a size equal to the stylesheet's default (the header's
 * and the tab bar's usual heights, no player) is never written at all.
 */
export function setCssVariables(writes: readonly CssVariableWrite[], inEffect = valueInEffect): void {
  const changed = writes.filter(([element, name, value]) => inEffect(element, name) !== value);
  for (const [element, name, value] of changed) element.style.setProperty(name, value);
}
