/**
 * Sets a CSS custom property in an inline style only when its value changes. Each write restyles everything below the
 * element (for <html>, the whole page), and a measure after a write forces that restyle and a layout at once: on a
 * phone's cold load, rewriting unchanged sizes was a long task (issue 14). Reading an inline style costs nothing.
 */
export function setCssVariable(
  style: Pick<CSSStyleDeclaration, "getPropertyValue" | "setProperty">,
  name: string,
  value: string,
): void {
  if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
}
