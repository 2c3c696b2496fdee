/**
 * CSV for studio exports (RFC 4180, UTF-8 with a BOM so spreadsheet apps read Vietnamese). A cell
 * that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is prefixed with `'` (formula injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
