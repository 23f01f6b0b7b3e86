import postcss, { type ChildNode, type Container, type Rule } from "postcss";

/**
 * The stylesheet the page's first frame needs (issue 14: first paint). index.html draws the app's frame (header,
 * skeleton) before any script runs; with the whole stylesheet in <head> that frame waited for the stylesheet's request
 * too. This keeps, from the built stylesheet, what the frame's markup uses: Tailwind's theme and base layers (the
 * variables and the element defaults every page starts from), registered properties, keyframes, and every rule whose
 * selector names only classes the frame has (with their media and support queries). index.html inlines it in <head>
 * and loads the whole stylesheet after the frame, where it still holds back the app's script (a stylesheet the parser
 * met blocks scripts until it has loaded), so nothing React draws is ever unstyled.
 */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  const keepWhole = (node: ChildNode) =>
    node.type === "atrule" &&
    (node.name === "property" ||
      node.name === "keyframes" ||
      (node.name === "layer" && /^(theme|base|properties)$/.test(node.params)));
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === "rule") {
        pruneRule(node, classes);
      } else if (node.type !== "atrule" || !node.nodes) {
        // Comments and statements go, but for `@layer a, b;`: the layers' order.
        if (node.type !== "atrule" || node.name !== "layer") node.remove();
      } else if (!keepWhole(node)) {
        prune(node);
        if (!node.nodes.length) node.remove();
      }
    });
  };
  prune(root);
  return root.toString();
}

function pruneRule(rule: Rule, classes: ReadonlySet<string>) {
  const kept = rule.selectors.filter((selector) => {
    const named = selectorClasses(selector);
    return named.length > 0 && named.every((name) => classes.has(name));
  });
  if (kept.length) rule.selectors = kept;
  else rule.remove();
}

/** The classes a selector names, unescaped (`.lg\:max-w-6xl` is "lg:max-w-6xl"). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
}

/** Every class named in the markup's class attributes. */
export function markupClasses(html: string): Set<string> {
  return new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
}
