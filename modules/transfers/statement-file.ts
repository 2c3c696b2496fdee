/**
 * The bank statement as a file (decision 0018): what an operator exports from the bank's online
 * banking and uploads in the studio. The layout is four columns in this order, with or without a
 * header line — transaction id, booking time, amount, note (`Mã giao dịch,Thời gian,Số tiền,Nội dung`);
 * columns after the fourth (a balance, the sender…) are ignored. What banks and spreadsheets write
 * is read: a UTF-8 BOM, `,` `;` or tab between cells, quoted notes (with commas, quotes, line
 * breaks), blank lines; amounts as `1.250.000`, `1,250,000`, `1 250 000`, `1250000`, with `đ`,
 * `₫` or `VND`, and zero decimals (`1.250.000,00`); times as `26/11/2026 14:05[:09]`, `26-11-2026`,
 * or ISO 8601 (Vietnam time unless an offset is given). Debit lines (a negative amount) are skipped.
 * Anything else — a missing cell, an amount with đồng fractions, a date that does not exist, one
 * transaction id with two amounts — rejects the whole file, line by line, before anything is written.
 */
import { parseCsv, type CsvRow } from '../../kernel/http/index.ts';
import { parseDateInput } from '../../lib/format/date.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { IncomingCredit } from './bank-notifications.ts';

export const STATEMENT_HEADER = ['Mã giao dịch', 'Thời gian', 'Số tiền', 'Nội dung'];
export const STATEMENT_MAX_ROWS = 5000;
const MAX_PROBLEMS = 10;

/** A credit read from a statement line, with the line (for the payload and the problems). */
export interface StatementLine {
  line: number;
  credit: IncomingCredit;
}

const CURRENCY = /(?:vnd|vnđ|đồng|dong|đ|₫)$/i;

/**
 * An amount in đồng from a Vietnamese or international writing, or null. Negative amounts are
 * returned negative (debits). Thousands go by `.`, `,` or spaces in groups of three; a decimal
 * part must be zero (đồng has no subunit).
 */
export function parseDong(raw: string): number | null {
  let text = raw.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  text = text.replace(CURRENCY, '').trim();
  let sign = 1;
  if (/^[-−]/.test(text)) {
    sign = -1;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) text = text.slice(1).trim();
  const match = /^(\d{1,3}(?:([.,' ])\d{3})?(?:\2\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole, thousands, decimalMark, decimals] = match;
  if (decimalMark && thousands && decimalMark === thousands) return null;
  if (decimals && Number(decimals) !== 0) return null;
  const value = Number(whole!.replace(/[.,' ]/g, ''));
  return Number.isSafeInteger(value) ? sign * value : null;
}

/** A booking time as ISO 8601, or null: DD/MM/YYYY [HH:mm[:ss]] (Vietnam time) or ISO 8601. */
export function parseBookingTime(raw: string): string | null {
  const text = raw.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  let iso: string | null = null;
  if (dmy) {
    const [, d, m, y, h = '0', mi = '00', s = '00'] = dmy;
    iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')} ${h.padStart(2, '0')}:${mi}:${s}`;
  } else if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text)) iso = text;
  if (!iso) return null;
  const time = parseDateInput(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const HEADER_WORDS = [
  ['ma giao dich', 'so giao dich', 'ma gd', 'so tham chieu', 'transaction id', 'id'],
  ['thoi gian', 'ngay giao dich', 'ngay', 'time', 'date'],
  ['so tien', 'so tien ghi co', 'ghi co', 'amount', 'credit'],
  ['noi dung', 'dien giai', 'mo ta', 'note', 'description'],
];

function isHeader(row: CsvRow): boolean {
  return HEADER_WORDS.every((words, index) => words.includes(foldVietnamese(row.cells[index] ?? '')));
}

/** The credits of a statement file; a VALIDATION_FAILED naming the bad lines when any is wrong. */
export function readStatementFile(text: string): { lines: StatementLine[]; debits: number } {
  const parsed = parseCsv(text);
  const fail = (message: string) => {
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  };
  if (parsed.unclosedQuoteLine !== null)
    fail(
      `Tệp sao kê không hợp lệ, chưa ghi nhận gì: dấu ngoặc kép mở ở dòng ${parsed.unclosedQuoteLine} không được đóng.`,
    );
  const rows = parsed.rows[0] && isHeader(parsed.rows[0]) ? parsed.rows.slice(1) : parsed.rows;
  if (rows.length === 0) fail('Tệp sao kê không có giao dịch nào.');
  if (rows.length > STATEMENT_MAX_ROWS)
    fail(`Tệp sao kê có quá nhiều dòng (tối đa ${STATEMENT_MAX_ROWS} giao dịch mỗi lần tải lên).`);

  const problems: string[] = [];
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  let debits = 0;
  for (const row of rows) {
    const [id = '', time = '', amountText = '', note = ''] = row.cells;
    const wrong: string[] = [];
    if (row.cells.length < 4) wrong.push('thiếu cột (cần 4 cột: mã giao dịch, thời gian, số tiền, nội dung)');
    if (!id || id.length > 100) wrong.push(id ? 'mã giao dịch quá dài' : 'thiếu mã giao dịch');
    const bookedAt = parseBookingTime(time);
    if (!bookedAt) wrong.push(`thời gian “${time}” không đọc được (dạng 26/11/2026 14:05:09)`);
    const amount = parseDong(amountText);
    if (amount === null || amount === 0 || Math.abs(amount) > 9_999_999_999)
      wrong.push(`số tiền “${amountText}” không hợp lệ (dạng 1.250.000)`);
    if (note.length > 1000) wrong.push('nội dung quá dài');
    if (wrong.length === 0 && amount! > 0 && seen.has(id) && seen.get(id) !== amount)
      wrong.push(`mã giao dịch ${id} xuất hiện hai lần với số tiền khác nhau`);
    if (wrong.length > 0) {
      problems.push(`dòng ${row.line}: ${wrong.join('; ')}`);
      continue;
    }
    if (amount! < 0) {
      debits += 1;
      continue;
    }
    if (seen.has(id)) continue;
    seen.set(id, amount!);
    lines.push({
      line: row.line,
      credit: { transactionId: id, amount: amount!, note, account: null, sender: null, bookedAt },
    });
  }
  if (problems.length > 0) {
    const more = problems.length > MAX_PROBLEMS ? ` (và ${problems.length - MAX_PROBLEMS} dòng lỗi khác)` : '';
    fail(`Tệp sao kê không hợp lệ, chưa ghi nhận gì — ${problems.slice(0, MAX_PROBLEMS).join(' · ')}${more}.`);
  }
  if (lines.length === 0) fail('Tệp sao kê không có giao dịch ghi có nào (chỉ có giao dịch ghi nợ).');
  return { lines, debits };
}
