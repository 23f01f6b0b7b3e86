import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { ChunkingContext } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { criticalCss, markupClasses } from "./build/critical-css.ts";

/** Writes .br and .gz beside each text asset so the server can send them without compressing per request. */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "shepherd-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 512) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * index.html's frame paints without waiting for the stylesheet: what the frame uses goes inline into <head>
 * (build/critical-css.ts) and the whole stylesheet's link moves to the end of <body>, where the browser still fetches it
 * at once and the app's script still waits for it (issue 14: first paint).
 */
function inlineFrameCss(): Plugin {
  return {
    name: "shepherd-frame-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const link = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\s*/.exec(html);
        const asset = link && ctx.bundle?.[link[1]!];
        if (!link || asset?.type !== "asset") throw new Error("index.html: the app's stylesheet was not found in the bundle");
        const frame = html.slice(html.indexOf("<body"));
        const css = criticalCss(String(asset.source), markupClasses(frame));
        return html.replace(link[0], `<style>${css}</style>\n`).replace("</body>", `  ${link[0].trim()}\n  </body>`);
      },
    },
  };
}

const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!lucide-react\.mjs)/;
/**
 * Modules the first screen's code reaches only through a package's index that re-exports them, and does not use: zod's
 * schemas (the entry uses only zod's configuration, lib/no-eval) and TanStack's infinite queries (The Pasture's feed).
 * The bundler leaves them out of the entry's code; put in the "app" group they would be loaded at start for nothing.
 */
const REACHED_THROUGH_INDEX =
  /[\\/]node_modules[\\/](zod[\\/]v4[\\/](classic|locales)[\\/]|zod[\\/]v4[\\/]core[\\/](?!core\.js|util\.js)|@tanstack[\\/][\w-]+[\\/]build[\\/]modern[\\/](infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)\.js)/;
/**
 * React DOM's client (with the scheduler and the part of React DOM it requires), which main.tsx imports when it renders,
 * a task after the one that evaluates the entry: in the entry's file all the same, so its evaluation is deferred but its
 * download is not.
 */
const REACT_DOM_CLIENT =
  /[\\/]node_modules[\\/](react-dom[\\/](client|index|cjs[\\/]react-dom(-client)?\.production)\.js|scheduler[\\/])/;
const TODAY_PAGE = path.resolve(import.meta.dirname, "src/features/today/pages/today-page.tsx");

/**
 * Fewer, larger chunks for Today. Left to itself the bundler makes one tiny chunk per combination of routes that share
 * a module, so Today needed about twenty requests, each a round trip on a phone. Groups instead:
 * - "app": the entry's whole static graph (React, the router, the query client, the shell) and every icon the app draws
 *   (about 5 KB compressed), which the bundler makes the entry's one chunk; without it the entry came as eleven files,
 *   the shared pieces the lazy routes import too (React, the API client...) each split into a chunk of its own;
 * - "today-page" and "today-shared": what Today's page imports that the entry does not already have, in two chunks: what
 *   only Today uses, and what other routes use too (a plan's cover, a care card, the usage warning, date helpers),
 *   which those routes then load as one chunk as well.
 */
function chunkGroups(): (id: string, ctx: ChunkingContext) => string | null {
  const initial = new Map<string, boolean>();
  /** In the entry's static import graph (the first screen's code): stays in the entry's chunks. */
  const isInitial = (id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean => {
    const known = initial.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    const result = Boolean(info && (info.isEntry || info.importers.some((importer) => isInitial(importer, ctx, seen))));
    initial.set(id, result);
    return result;
  };
  let groups: Map<string, string> | null = null;
  const todayGroups = (ctx: ChunkingContext) => {
    const found = new Set<string>();
    const queue = [TODAY_PAGE];
    while (queue.length) {
      const id = queue.pop()!;
      if (found.has(id) || ICON.test(id) || isInitial(id, ctx)) continue;
      found.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    // Shared with other routes (imported from outside Today's code), and what those import: "today-shared".
    const shared = new Set<string>();
    const share = (id: string) => {
      if (shared.has(id) || !found.has(id) || id === TODAY_PAGE) return;
      shared.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) share(next);
    };
    for (const id of found) {
      const info = ctx.getModuleInfo(id);
      if (info && (info.dynamicImporters.length > 0 || info.importers.some((importer) => !found.has(importer)))) share(id);
    }
    return new Map([...found].map((id) => [id, shared.has(id) ? "today-shared" : "today-page"]));
  };
  return (id, ctx) => {
    if (ICON.test(id) || REACT_DOM_CLIENT.test(id) || (isInitial(id, ctx) && !REACHED_THROUGH_INDEX.test(id))) return "app";
    groups ??= todayGroups(ctx);
    return groups.get(id) ?? null;
  };
}

// Issue 18: the service worker (src/sw.ts, Workbox) precaches the built shell. The manifest is public/manifest.webmanifest;
// the app registers the worker itself (lib/pwa), so the plugin injects nothing into index.html.
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  registerType: "prompt",
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
    // The common-password lists (about 450 KB) are wanted only while choosing a password, online.
    globIgnores: ["**/password-guess-*.js"],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineFrameCss(), pwa, precompress()],
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname, "src"), "@content": path.resolve(import.meta.dirname, "../../content") },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    target: "es2022",
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: chunkGroups(), debugName: "app and today-page", includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/.well-known": "http://localhost:3000" } },
});
