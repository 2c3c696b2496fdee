/**
 * Generated artwork for the demo data: SVG covers, banners and logos, written locally, never
 * fetched. Each picture has a gradient, an illustration (a motif drawn from shapes: a book, a
 * phone, a cap, …), its title wrapped to fit and, for banners, a call to action. SVG keeps the
 * pictures a few kilobytes on a slow mobile network and sharp on every screen.
 */
import fs from 'node:fs';
import path from 'node:path';

const PALETTES = [
  ['#0b5fff', '#4f8bff', '#ffd23f'],
  ['#0e7c66', '#27b08f', '#ffe08a'],
  ['#b4233c', '#e0566d', '#ffd6a5'],
  ['#6b3fd4', '#9a78ee', '#ffd23f'],
  ['#c25e00', '#f08a24', '#fff1c1'],
  ['#0f5e8a', '#2d94c9', '#b8f2e6'],
] as const;

export const MOTIFS = [
  'book',
  'phone',
  'cap',
  'chart',
  'chat',
  'code',
  'atom',
  'globe',
  'trophy',
  'pencil',
  'school',
  'bulb',
] as const;
export type Motif = (typeof MOTIFS)[number];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Splits `text` into at most `maxLines` lines of about `maxChars` characters (the last one ends with …). */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || current === '') current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[,:;.]$/, '')}…`;
  return kept;
}

/** An illustration drawn in a `size` square whose top-left corner is (x, y), in white and the accent colour. */
function drawMotif(motif: Motif, x: number, y: number, size: number, accent: string): string {
  const s = size / 100;
  const g = (body: string) =>
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s.toFixed(3)})" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;
  const white = 'fill="#fff"';
  switch (motif) {
    case 'book':
      return g(
        `<path d="M8 24 Q30 14 50 26 Q70 14 92 24 V82 Q70 72 50 84 Q30 72 8 82 Z" ${white} opacity="0.95"/><path d="M50 26 V84" stroke="${accent}" stroke-width="3"/><path d="M18 36 H40 M18 46 H40 M18 56 H36 M60 36 H82 M60 46 H82 M60 56 H78" stroke="#94a3b8" stroke-width="3"/>`,
      );
    case 'phone':
      return g(
        `<rect x="26" y="6" width="48" height="88" rx="9" ${white}/><rect x="31" y="16" width="38" height="62" rx="3" fill="${accent}"/><path d="M44 36 L60 47 L44 58 Z" ${white}/><circle cx="50" cy="86" r="3" fill="#94a3b8"/>`,
      );
    case 'cap':
      return g(
        `<path d="M4 40 L50 20 L96 40 L50 60 Z" ${white}/><path d="M24 50 V70 Q50 84 76 70 V50 L50 61 Z" ${white} opacity="0.85"/><path d="M88 44 V72" stroke="${accent}" stroke-width="4"/><circle cx="88" cy="76" r="5" fill="${accent}"/>`,
      );
    case 'chart':
      return g(
        `<rect x="10" y="60" width="16" height="30" rx="3" ${white} opacity="0.8"/><rect x="34" y="44" width="16" height="46" rx="3" ${white} opacity="0.9"/><rect x="58" y="28" width="16" height="62" rx="3" ${white}/><path d="M10 44 L38 26 L58 34 L90 10" stroke="${accent}" stroke-width="5" fill="none"/><path d="M80 8 H92 V20" stroke="${accent}" stroke-width="5" fill="none"/>`,
      );
    case 'chat':
      return g(
        `<path d="M6 14 H64 Q70 14 70 20 V48 Q70 54 64 54 H30 L16 66 V54 H12 Q6 54 6 48 Z" ${white}/><text x="38" y="42" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="${accent}">Hi!</text><path d="M40 62 H88 Q94 62 94 68 V86 Q94 92 88 92 H84 V100 L74 92 H46 Q40 92 40 86 Z" fill="${accent}"/><text x="67" y="84" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#fff">Chào</text>`,
      );
    case 'code':
      return g(
        `<rect x="4" y="14" width="92" height="72" rx="8" ${white}/><rect x="4" y="14" width="92" height="14" rx="7" fill="${accent}"/><path d="M32 44 L20 56 L32 68 M68 44 L80 56 L68 68 M56 40 L44 72" stroke="#334155" stroke-width="5" fill="none"/>`,
      );
    case 'atom':
      return g(
        `<ellipse cx="50" cy="50" rx="44" ry="16" stroke="#fff" stroke-width="4" fill="none"/><ellipse cx="50" cy="50" rx="44" ry="16" stroke="#fff" stroke-width="4" fill="none" transform="rotate(60 50 50)"/><ellipse cx="50" cy="50" rx="44" ry="16" stroke="#fff" stroke-width="4" fill="none" transform="rotate(120 50 50)"/><circle cx="50" cy="50" r="9" fill="${accent}"/>`,
      );
    case 'globe':
      return g(
        `<circle cx="50" cy="50" r="40" ${white}/><path d="M10 50 H90 M50 10 Q26 50 50 90 M50 10 Q74 50 50 90 M18 30 H82 M18 70 H82" stroke="${accent}" stroke-width="3" fill="none"/>`,
      );
    case 'trophy':
      return g(
        `<path d="M28 12 H72 V40 Q72 62 50 64 Q28 62 28 40 Z" fill="${accent}"/><path d="M28 20 H14 Q14 42 30 44 M72 20 H86 Q86 42 70 44" stroke="#fff" stroke-width="5" fill="none"/><rect x="44" y="64" width="12" height="14" ${white}/><rect x="30" y="78" width="40" height="10" rx="3" ${white}/><path d="M50 24 L54 34 L64 34 L56 40 L59 50 L50 44 L41 50 L44 40 L36 34 L46 34 Z" ${white}/>`,
      );
    case 'pencil':
      return g(
        `<rect x="10" y="70" width="80" height="12" rx="3" ${white} opacity="0.85"/><path d="M20 70 V64 M30 70 V66 M40 70 V62 M50 70 V66 M60 70 V62 M70 70 V66 M80 70 V64" stroke="#94a3b8" stroke-width="2"/><path d="M62 8 L80 26 L36 70 L14 76 L20 54 Z" fill="${accent}"/><path d="M62 8 L80 26 L72 34 L54 16 Z" ${white}/><path d="M20 54 L36 70 L14 76 Z" ${white}/>`,
      );
    case 'school':
      return g(
        `<path d="M10 44 L50 16 L90 44 Z" fill="${accent}"/><rect x="16" y="44" width="68" height="44" ${white}/><rect x="42" y="62" width="16" height="26" fill="${accent}"/><rect x="24" y="52" width="12" height="12" fill="#94a3b8"/><rect x="64" y="52" width="12" height="12" fill="#94a3b8"/><path d="M50 16 V4 L64 8 L50 12" fill="#fff" stroke="#fff" stroke-width="2"/>`,
      );
    case 'bulb':
      return g(
        `<path d="M50 8 Q78 8 78 38 Q78 54 64 64 V74 H36 V64 Q22 54 22 38 Q22 8 50 8 Z" fill="${accent}"/><rect x="38" y="78" width="24" height="6" rx="2" ${white}/><rect x="40" y="88" width="20" height="6" rx="2" ${white}/><path d="M42 50 L50 36 L58 50" stroke="#fff" stroke-width="4" fill="none"/><path d="M8 36 H14 M86 36 H92 M20 12 L25 17 M80 12 L75 17" stroke="#fff" stroke-width="4"/>`,
      );
  }
}

export interface ArtworkOptions {
  title: string;
  subtitle?: string;
  /** A call to action drawn as a button (banners). */
  cta?: string;
  /** A small label above the title (a category, "Ưu đãi"). */
  badge?: string;
  width: number;
  height: number;
  seed: number;
  /** The illustration; null for none (a plain background); by default one chosen by `seed`. */
  motif?: Motif | null;
}

/** A cover or banner: gradient, illustration on the right, title wrapped on the left. */
export function renderBannerSvg(options: ArtworkOptions): string {
  const [from, to, accent] = PALETTES[options.seed % PALETTES.length]!;
  const { width, height } = options;
  const motif = options.motif === undefined ? MOTIFS[options.seed % MOTIFS.length]! : options.motif;
  const portraitish = width / height < 1.7;
  const pad = Math.round(Math.min(width, height) * 0.08);
  // The illustration: right side on wide pictures, top right on squarer ones.
  const motifSize = Math.round(portraitish ? height * 0.3 : height * 0.56);
  const motifX = width - pad - motifSize;
  const motifY = portraitish ? pad : (height - motifSize) / 2;
  const textWidth = portraitish ? width - pad * 2 : motifX - pad * 1.5;
  const textTop = portraitish ? motifY + motifSize * 0.75 : pad;
  // The largest title size whose block (badge, title, subtitle, button) fits the text area.
  let titleSize = Math.round(Math.min(height / 6, width / 13));
  let layout = measure(titleSize);
  while (layout.blockHeight > height - pad - textTop && titleSize > 12) {
    titleSize = Math.round(titleSize * 0.92);
    layout = measure(titleSize);
  }
  function measure(size: number) {
    const maxChars = Math.max(8, Math.floor(textWidth / (size * 0.62)));
    const lines = options.title ? wrapText(options.title, maxChars, 3) : [];
    const subtitleSize = Math.round(size * 0.5);
    const subtitleLines = options.subtitle
      ? wrapText(options.subtitle, Math.floor(textWidth / (subtitleSize * 0.52)), 2)
      : [];
    const ctaSize = Math.round(size * 0.48);
    const badgeSize = Math.round(size * 0.42);
    const blockHeight =
      (options.badge ? badgeSize * 2.4 : 0) +
      lines.length * size * 1.2 +
      subtitleLines.length * subtitleSize * 1.35 +
      (options.cta ? ctaSize * 3.4 : 0);
    return { lines, subtitleSize, subtitleLines, ctaSize, badgeSize, blockHeight };
  }
  const { lines, subtitleSize, subtitleLines, ctaSize, badgeSize, blockHeight } = layout;
  const top = portraitish ? height - pad - blockHeight : (height - blockHeight) / 2;
  let cursor = top;
  const parts: string[] = [];
  const font = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';
  if (options.badge) {
    const badgeWidth = options.badge.length * badgeSize * 0.62 + badgeSize * 1.6;
    parts.push(
      `<rect x="${pad}" y="${cursor.toFixed(1)}" width="${badgeWidth.toFixed(1)}" height="${(badgeSize * 1.8).toFixed(1)}" rx="${(badgeSize * 0.9).toFixed(1)}" fill="#fff" opacity="0.22"/>`,
      `<text x="${(pad + badgeSize * 0.8).toFixed(1)}" y="${(cursor + badgeSize * 1.25).toFixed(1)}" ${font} font-size="${badgeSize}" font-weight="700" fill="#fff">${escapeXml(options.badge)}</text>`,
    );
    cursor += badgeSize * 2.4;
  }
  for (const line of lines) {
    cursor += titleSize;
    parts.push(
      `<text x="${pad}" y="${cursor.toFixed(1)}" ${font} font-size="${titleSize}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`,
    );
    cursor += titleSize * 0.2;
  }
  for (const line of subtitleLines) {
    cursor += subtitleSize * 1.35;
    parts.push(
      `<text x="${pad}" y="${cursor.toFixed(1)}" ${font} font-size="${subtitleSize}" fill="#fff" opacity="0.92">${escapeXml(line)}</text>`,
    );
  }
  if (options.cta) {
    cursor += ctaSize * 1;
    const ctaWidth = options.cta.length * ctaSize * 0.6 + ctaSize * 2.4;
    parts.push(
      `<rect x="${pad}" y="${cursor.toFixed(1)}" width="${ctaWidth.toFixed(1)}" height="${(ctaSize * 2.2).toFixed(1)}" rx="${(ctaSize * 1.1).toFixed(1)}" fill="${accent}"/>`,
      `<text x="${(pad + ctaWidth / 2).toFixed(1)}" y="${(cursor + ctaSize * 1.45).toFixed(1)}" text-anchor="middle" ${font} font-size="${ctaSize}" font-weight="700" fill="#1e293b">${escapeXml(options.cta)}</text>`,
    );
  }
  const label = [options.title, options.subtitle].filter(Boolean).join(' — ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${label ? ` role="img" aria-label="${escapeXml(label)}"` : ' aria-hidden="true"'}>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${(width * 0.88).toFixed(1)}" cy="${(height * 0.12).toFixed(1)}" r="${(height * 0.5).toFixed(1)}" fill="#fff" opacity="0.07"/>
<circle cx="${(width * 0.62).toFixed(1)}" cy="${(height * 1.05).toFixed(1)}" r="${(height * 0.4).toFixed(1)}" fill="#fff" opacity="0.06"/>
<circle cx="${(width * 0.05).toFixed(1)}" cy="${(height * 0.1).toFixed(1)}" r="${(height * 0.12).toFixed(1)}" fill="${accent}" opacity="0.25"/>
${motif ? drawMotif(motif, motifX, motifY, motifSize, accent) : ''}
${parts.join('\n')}
</svg>`;
}

/** Writes the SVG under `{uploadsDir}/{relativePath}` and returns its public URL. */
export function writeSvg(uploadsDir: string, relativePath: string, svg: string): string {
  const file = path.join(uploadsDir, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
  return `/uploads/${relativePath.split(path.sep).join('/')}`;
}
