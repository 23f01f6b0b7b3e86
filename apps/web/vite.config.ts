import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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

// Issue 18: the service worker (src/sw.ts, Workbox) precaches the built shell. The manifest is public/manifest.webmanifest;
// the app registers the worker itself (lib/pwa), so the plugin injects nothing into index.html.
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  registerType: "prompt",
  injectRegister: false,
  manifest: false,
  injectManifest: { globPatterns: ["**/*.{js,css,html,svg,png,woff2}"], maximumFileSizeToCacheInBytes: 3 * 1024 * 1024 },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, precompress()],
  resolve: { alias: { "@": path.resolve(__dirname, "src"), "@content": path.resolve(__dirname, "../../content") } },
  build: { outDir: "dist", sourcemap: false, target: "es2022", reportCompressedSize: false },
  server: { proxy: { "/api": "http://localhost:3000", "/.well-known": "http://localhost:3000" } },
});
