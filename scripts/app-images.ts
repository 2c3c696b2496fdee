/**
 * npm run app:images [-- --screenshots http://localhost:3000]
 *
 * The installed app's pictures (decision 0015), committed under public/:
 * - icons/ — public/favicon.svg rendered with sharp (librsvg) to PNG: 192 and 512 px as drawn
 *   (rounded corners, purpose "any"), a maskable 512 px and the 180 px apple-touch-icon, both on a
 *   full square of the brand colour (the mark already sits inside the maskable safe circle);
 * - screenshots/ (with --screenshots and a running server of the demo data) — the home and a study
 *   page on a 360 px phone and the course list on a 1280 px screen, taken with Debian's Chromium
 *   (playwright-core) and stored as palette PNGs.
 * The manifest names these files with their sizes; tests/e2e/installable.test.ts checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { readChromiumPath } from '../config/env.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
/** The brand colour (app.css --color-brand-600, the manifest's theme_color). */
const BRAND = '#0b5fff';

const ICONS = [
  { file: 'icons/khai-tri-192.png', size: 192, fill: false },
  { file: 'icons/khai-tri-512.png', size: 512, fill: false },
  { file: 'icons/khai-tri-maskable-512.png', size: 512, fill: true },
  { file: 'icons/apple-touch-icon.png', size: 180, fill: true },
] as const;

const SCREENSHOTS = [
  { file: 'screenshots/trang-chu-360.png', path: '/', width: 360, height: 740 },
  { file: 'screenshots/vao-hoc-360.png', path: '/vao-hoc/{free-course}', width: 360, height: 740 },
  { file: 'screenshots/khoa-hoc-1280.png', path: '/khoa-hoc', width: 1280, height: 800 },
] as const;

async function renderIcons(): Promise<void> {
  const svg = fs.readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'));
  fs.mkdirSync(path.join(PUBLIC_DIR, 'icons'), { recursive: true });
  for (const icon of ICONS) {
    // A vector drawn at the target density, not a small raster scaled up.
    let image = sharp(svg, { density: (72 * icon.size) / 32 }).resize(icon.size, icon.size);
    if (icon.fill) image = image.flatten({ background: BRAND });
    await image.png({ compressionLevel: 9, palette: true }).toFile(path.join(PUBLIC_DIR, icon.file));
    console.log(`${icon.file}: ${icon.size}×${icon.size}`);
  }
}

async function takeScreenshots(baseUrl: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  fs.mkdirSync(path.join(PUBLIC_DIR, 'screenshots'), { recursive: true });
  const browser = await chromium.launch({
    executablePath: readChromiumPath(),
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // The demo's free course with video lessons: its first lesson is a preview anyone may open.
    const list = (await (await fetch(`${baseUrl}/api/user/course.json?free=1&limit=50`)).json()) as {
      data: Array<{ slug: string; title: string }>;
    };
    const free = list.data.find((course) => course.title.startsWith('Toán tư duy')) ?? list.data[0];
    if (!free) throw new Error('Không tìm thấy khóa học miễn phí nào để chụp trang học.');
    for (const shot of SCREENSHOTS) {
      const page = await browser.newPage({
        viewport: { width: shot.width, height: shot.height },
        reducedMotion: 'reduce',
        locale: 'vi-VN',
      });
      await page.goto(`${baseUrl}${shot.path.replace('{free-course}', free.slug)}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const png = await page.screenshot({ type: 'png' });
      await sharp(png)
        .png({ compressionLevel: 9, palette: true, quality: 90 })
        .toFile(path.join(PUBLIC_DIR, shot.file));
      console.log(`${shot.file}: ${shot.width}×${shot.height}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

const { values } = parseArgs({ options: { screenshots: { type: 'string' } } });
try {
  await renderIcons();
  if (values.screenshots) await takeScreenshots(values.screenshots.replace(/\/+$/, ''));
} catch (error) {
  console.error(`Lỗi: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
