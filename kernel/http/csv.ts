/**
 * CSV exports (RFC 4180, UTF-8 with a BOM so spreadsheet apps read Vietnamese). A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is
 * prefixed with `'` (formula injection). And the reader of uploaded CSV files (`parseCsv`).
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

/** One row of an uploaded CSV file, with the line it starts on (1-based, as a text editor counts). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** The delimiter of the first line, outside quotes: `;` (spreadsheets set to Vietnamese), a tab, else `,`. */
function detectDelimiter(text: string): string {
  let quoted = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads an uploaded CSV file (RFC 4180 and what spreadsheet apps write): a UTF-8 BOM, CRLF, LF or CR
 * line ends, quoted cells with `""` inside and line breaks, the delimiter `,`, `;` or a tab (found
 * on the first line); blank lines are left out; cells are trimmed. `unclosedQuoteLine`: where a quote never closed starts.
 */
export function parseCsv(input: string): { rows: CsvRow[]; unclosedQuoteLine: number | null } {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  const endRow = () => {
    cells.push(cell.trim());
    if (cells.some((value) => value !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      quoteLine = line;
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) return { rows, unclosedQuoteLine: quoteLine };
  endRow();
  return { rows, unclosedQuoteLine: null };
}
