/** Generated artwork for the demo data: SVG covers and banners, written locally, never fetched. */
import fs from 'node:fs';
import path from 'node:path';

const PALETTES = [
  ['#0b5fff', '#4f8bff'],
  ['#0e7c66', '#27b08f'],
  ['#b4233c', '#e0566d'],
  ['#6b3fd4', '#9a78ee'],
  ['#c25e00', '#f08a24'],
  ['#0f5e8a', '#2d94c9'],
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderBannerSvg(options: {
  title: string;
  subtitle?: string;
  width: number;
  height: number;
  seed: number;
}): string {
  const [from, to] = PALETTES[options.seed % PALETTES.length]!;
  const { width, height } = options;
  const titleSize = Math.round(Math.min(width / 18, height / 5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(options.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.45}" fill="#fff" opacity="0.08"/>
<circle cx="${width * 0.7}" cy="${height * 0.95}" r="${height * 0.35}" fill="#fff" opacity="0.06"/>
<text x="${width * 0.06}" y="${height * 0.48}" font-family="system-ui, sans-serif" font-size="${titleSize}" font-weight="700" fill="#fff">${escapeXml(options.title)}</text>
${options.subtitle ? `<text x="${width * 0.06}" y="${height * 0.48 + titleSize * 1.3}" font-family="system-ui, sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#fff" opacity="0.9">${escapeXml(options.subtitle)}</text>` : ''}
</svg>`;
}

/** Writes the SVG under `{uploadsDir}/{relativePath}` and returns its public URL. */
export function writeSvg(uploadsDir: string, relativePath: string, svg: string): string {
  const file = path.join(uploadsDir, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
  return `/uploads/${relativePath.split(path.sep).join('/')}`;
}
