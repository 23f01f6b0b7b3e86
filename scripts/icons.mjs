// Draws the app's PNG icons from apps/web/public/logo.svg with Chromium (the e2e browser): run after changing the logo,
// `node scripts/icons.mjs`, and commit apps/web/public/icons/. "any" icons are the logo itself; maskable ones put the
// logo's marks inside the central safe zone (a circle of 80% of the side) on a full-bleed background of the logo's green.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { root } from "./build-if-needed.mjs";
import { ensureChromium } from "./chromium.mjs";

const publicDir = path.join(root, "apps/web/public");
const logo = fs.readFileSync(path.join(publicDir, "logo.svg"), "utf8");
const background = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1] ?? "#1f3a2e";
// The logo's marks without its rounded square.
const marks = logo
  .replace(/<rect[^>]*\/>/, "")
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "");
// Scaled to 60% around the centre, so they stay inside the maskable safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(12.8 12.8) scale(0.6)">${marks}</g></svg>`;
// Apple's touch icon is drawn square; iOS rounds it itself.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(6.4 6.4) scale(0.8)">${marks}</g></svg>`;

const outputs = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "maskable-192.png", size: 192, svg: maskable },
  { file: "maskable-512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon-180.png", size: 180, svg: square },
];

const browser = await chromium.launch({ executablePath: ensureChromium() });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({
      path: path.join(publicDir, "icons", file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`icons/${file}`);
  }
} finally {
  await browser.close();
}
