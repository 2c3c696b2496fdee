/**
 * The learner's data as files: JSON (everything, machine-readable) and a self-contained HTML page
 * (the same, readable on a phone, no script, every value escaped). The sections come from the
 * modules that own the data, through the ports the composition root passes in.
 */
import { formatDateTime } from '../../lib/format/date.ts';
import { escapeHtml } from '../../lib/text/escape-html.ts';

/** One part of the export: a title and what the owning module answers for the learner. */
export interface ExportSection {
  key: string;
  title: string;
  read(userId: number): Promise<unknown>;
}

export interface ExportDocument {
  generated_at: string;
  user_id: number;
  sections: { key: string; title: string; data: unknown }[];
}

export async function collectExport(
  sections: ExportSection[],
  userId: number,
  generatedAt: Date,
): Promise<ExportDocument> {
  const collected = [];
  for (const section of sections)
    collected.push({ key: section.key, title: section.title, data: await section.read(userId) });
  return { generated_at: generatedAt.toISOString(), user_id: userId, sections: collected };
}

export function exportJson(document: ExportDocument): Buffer {
  const byKey = Object.fromEntries(document.sections.map((section) => [section.key, section.data]));
  return Buffer.from(
    JSON.stringify({ generated_at: document.generated_at, user_id: document.user_id, ...byKey }, null, 2),
    'utf8',
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function scalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  if (typeof value === 'string' && ISO_TIME.test(value)) return escapeHtml(formatDateTime(value));
  return escapeHtml(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function renderValue(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p class="empty">Không có dữ liệu.</p>';
    return `<ol>${value.map((item) => `<li>${renderValue(item, depth + 1)}</li>`).join('')}</ol>`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '<p class="empty">Không có dữ liệu.</p>';
    const rows = entries
      .map(([key, item]) => {
        const nested = item !== null && typeof item === 'object' && depth < 4;
        return `<dt>${escapeHtml(key)}</dt><dd>${nested ? renderValue(item, depth + 1) : scalar(item)}</dd>`;
      })
      .join('');
    return `<dl>${rows}</dl>`;
  }
  return `<p>${scalar(value)}</p>`;
}

export function exportHtml(document: ExportDocument, siteName: string): Buffer {
  const sections = document.sections
    .map((section) => `<section><h2>${escapeHtml(section.title)}</h2>${renderValue(section.data, 0)}</section>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dữ liệu của tôi — ${escapeHtml(siteName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#0f172a;line-height:1.5}
h1{font-size:1.5rem}h2{font-size:1.15rem;border-bottom:1px solid #cbd5e1;padding-bottom:.25rem;margin-top:2rem}
dl{display:grid;grid-template-columns:minmax(7rem,30%) 1fr;gap:.25rem .75rem;margin:.25rem 0}
dt{color:#475569;word-break:break-word}dd{margin:0;word-break:break-word}
ol{padding-left:1.25rem}li{margin:.5rem 0;border-left:3px solid #e2e8f0;padding-left:.5rem}.empty{color:#64748b}
</style>
</head>
<body>
<h1>Dữ liệu của tôi</h1>
<p>Toàn bộ dữ liệu ${escapeHtml(siteName)} lưu về tài khoản #${document.user_id}, tạo lúc ${escapeHtml(formatDateTime(document.generated_at))}.</p>
${sections}
</body>
</html>
`;
  return Buffer.from(html, 'utf8');
}
