/**
 * Date display in Asia/Ho_Chi_Minh, computed as a fixed UTC+7 offset
 * (Vietnam has had no DST since 1975), so no ICU time-zone data is needed.
 *
 * Input: a Date, epoch milliseconds, or a string. ISO-like strings
 * (`2024-01-15`, `2024-01-15 10:00`, `2024-01-15T10:00:00.123Z`, `…+07:00`)
 * are parsed here; WITHOUT an offset they are read as Vietnam local time, so
 * the result never depends on the time zone of the browser or server. Other
 * strings fall back to `Date.parse`. Invalid input gives an empty string.
 */

export const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;
export const DEFAULT_DATE_TIME_PATTERN = 'DD/MM/YYYY HH:mm:ss';
export const DEFAULT_DATE_PATTERN = 'DD/MM/YYYY';

const MS_PER_MINUTE = 60_000;

/** The Vietnam (GMT+7) calendar day of an instant, `YYYY-MM-DD`. */
export function vietnamDay(at: Date): string {
  return new Date(at.getTime() + VIETNAM_UTC_OFFSET_MINUTES * MS_PER_MINUTE).toISOString().slice(0, 10);
}
const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function parseOffsetMinutes(zone: string | undefined): number {
  if (zone === undefined) return VIETNAM_UTC_OFFSET_MINUTES;
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

function parseIsoLike(text: string): number | undefined {
  const match = ISO_LIKE.exec(text);
  if (match === null) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = match;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const millis = Number(frac.padEnd(3, '0').slice(0, 3));
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, millis);
  if (utc.getUTCDate() !== day) return Number.NaN; // 2024-02-30 and friends
  return utc.getTime() - parseOffsetMinutes(zone) * MS_PER_MINUTE;
}

/** Epoch milliseconds for any supported input, or NaN when it is not a valid instant. */
export function parseDateInput(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (text === '') return Number.NaN;
  return parseIsoLike(text) ?? Date.parse(text);
}

function pad(value: number, length: number): string {
  const digits = String(Math.abs(value)).padStart(length, '0');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * Formats in Vietnam time with the tokens YYYY, MM (month), DD, HH (00–23),
 * mm (minutes), ss; every other character is copied as is.
 */
export function formatDateTime(value: Date | string | number, pattern: string = DEFAULT_DATE_TIME_PATTERN): string {
  const ms = parseDateInput(value);
  if (!Number.isFinite(ms)) return '';
  const local = new Date(ms + VIETNAM_UTC_OFFSET_MINUTES * MS_PER_MINUTE);
  if (!Number.isFinite(local.getTime())) return ''; // beyond the Date range after shifting
  const tokens: Record<string, string> = {
    YYYY: pad(local.getUTCFullYear(), 4),
    MM: pad(local.getUTCMonth() + 1, 2),
    DD: pad(local.getUTCDate(), 2),
    HH: pad(local.getUTCHours(), 2),
    mm: pad(local.getUTCMinutes(), 2),
    ss: pad(local.getUTCSeconds(), 2),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/** `DD/MM/YYYY` in Vietnam time; empty string for invalid input. */
export function formatDate(value: Date | string | number): string {
  return formatDateTime(value, DEFAULT_DATE_PATTERN);
}

/** "vừa xong", "5 phút trước", "3 giờ trước", "2 ngày trước"; the date itself after 30 days. */
export function formatTimeAgo(value: Date | string | number, now: number = Date.now()): string {
  const ms = parseDateInput(value);
  if (!Number.isFinite(ms)) return '';
  const seconds = Math.max(0, Math.floor((now - ms) / 1000));
  if (seconds < 60) return 'vừa xong';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} phút trước`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} giờ trước`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} ngày trước`;
  return formatDate(ms);
}
