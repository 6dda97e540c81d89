// Renders the app icons of public/manifest.webmanifest from public/favicon.svg with the system Chromium:
// `node scripts/render-icons.mjs` after changing the logo. The maskable icon keeps the mark inside the
// central 80 % safe zone on a full-bleed background, so launchers may crop it to any shape.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const NIGHT = '#0d0b16';

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

const svg = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const mark = icon.maskable ? Math.round(icon.size * 0.66) : icon.size;
    const background = icon.maskable ? NIGHT : 'transparent';
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${background}">
        <div style="width:${mark}px;height:${mark}px">${svg.replace('<svg ', `<svg width="${mark}" height="${mark}" `)}</div>
      </body>`,
    );
    await page.screenshot({ path: path.join(PUBLIC_DIR, icon.file), omitBackground: !icon.maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
