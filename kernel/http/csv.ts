/**
 * CSV exports (RFC 4180, UTF-8 with a BOM so spreadsheet apps read Vietnamese). A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is
 * prefixed with `'` (formula injection).
 */
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Answers with a CSV download named `<name>-<YYYY-MM-DD>.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, body: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}
