import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDateInput } from './date.ts';

const originalTz = process.env['TZ'];
afterEach(() => {
  if (originalTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = originalTz;
});

describe('formatDateTime with the default pattern DD/MM/YYYY HH:mm:ss', () => {
  it.each([
    ['2024-01-15T03:04:05Z', '15/01/2024 10:04:05'],
    ['2024-01-14T17:00:00Z', '15/01/2024 00:00:00'], // UTC+7 crosses midnight
    ['2024-01-14T16:59:59Z', '14/01/2024 23:59:59'],
    ['2023-12-31T17:30:00Z', '01/01/2024 00:30:00'], // and the year
    ['2024-02-28T20:00:00Z', '29/02/2024 03:00:00'], // leap day
    ['2024-06-30T23:00:00.999Z', '01/07/2024 06:00:00'], // milliseconds are dropped, not rounded
    ['1970-01-01T00:00:00Z', '01/01/1970 07:00:00'],
  ])('%s → %s', (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
    expect(formatDateTime(new Date(input))).toBe(expected);
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateTime(0)).toBe('01/01/1970 07:00:00');
    expect(formatDateTime(1_700_000_000_000)).toBe('15/11/2023 05:13:20');
    expect(formatDateTime(-25_200_000)).toBe('01/01/1970 00:00:00');
  });

  it('reads ISO strings with explicit offsets', () => {
    expect(formatDateTime('2024-01-15T10:00:00+07:00')).toBe('15/01/2024 10:00:00');
    expect(formatDateTime('2024-01-15T10:00:00+0700')).toBe('15/01/2024 10:00:00');
    expect(formatDateTime('2024-01-15T10:00:00+07')).toBe('15/01/2024 10:00:00');
    expect(formatDateTime('2024-01-15T10:00:00-05:00')).toBe('15/01/2024 22:00:00');
    expect(formatDateTime('2024-01-15T10:00:00+05:30')).toBe('15/01/2024 11:30:00');
    expect(formatDateTime('2024-01-15t03:00:00z')).toBe('15/01/2024 10:00:00');
  });

  it('reads strings without an offset as Vietnam local time', () => {
    expect(formatDateTime('2024-01-15 10:20:30')).toBe('15/01/2024 10:20:30');
    expect(formatDateTime('2024-01-15T10:20:30')).toBe('15/01/2024 10:20:30');
    expect(formatDateTime('2024-01-15 10:20')).toBe('15/01/2024 10:20:00');
    expect(formatDateTime('2024-01-15 10:20:30.5')).toBe('15/01/2024 10:20:30');
    expect(formatDateTime('2024-01-15')).toBe('15/01/2024 00:00:00');
    expect(formatDateTime('  2024-01-15 10:20:30  ')).toBe('15/01/2024 10:20:30');
    expect(parseDateInput('2024-01-15 07:00:00')).toBe(Date.UTC(2024, 0, 15, 0, 0, 0));
  });

  it('does not depend on the time zone of the running process', () => {
    for (const tz of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Pacific/Kiritimati']) {
      process.env['TZ'] = tz;
      expect(formatDateTime('2024-01-15T03:04:05Z')).toBe('15/01/2024 10:04:05');
      expect(formatDateTime('2024-07-15 10:20:30')).toBe('15/07/2024 10:20:30');
      expect(formatDate(Date.UTC(2024, 2, 10, 18, 0, 0))).toBe('11/03/2024');
    }
  });

  it('falls back to Date.parse for other strings with a zone', () => {
    expect(formatDateTime('Mon, 15 Jan 2024 03:04:05 GMT')).toBe('15/01/2024 10:04:05');
  });

  it('pads years below 1000', () => {
    expect(formatDateTime('0099-03-04T00:00:00Z')).toBe('04/03/0099 07:00:00');
  });
});

describe('formatDateTime patterns', () => {
  const instant = '2024-03-09T01:02:03Z'; // 09/03/2024 08:02:03 in Vietnam

  it.each([
    ['YYYY-MM-DD', '2024-03-09'],
    ['HH:mm', '08:02'],
    ['HH:mm:ss DD/MM/YYYY', '08:02:03 09/03/2024'],
    ['DD/MM', '09/03'],
    ['MM vs mm', '03 vs 02'],
    ['Ngày DD tháng MM năm YYYY', 'Ngày 09 tháng 03 năm 2024'],
    ['YYYYMMDDHHmmss', '20240309080203'],
    ['YY/M/D h:m', 'YY/M/D h:m'], // unsupported tokens stay literal
    ['', ''],
  ])('%s → %s', (pattern, expected) => {
    expect(formatDateTime(instant, pattern)).toBe(expected);
  });
});

describe('formatDateTime invalid input → empty string', () => {
  it.each([
    '',
    '   ',
    'not a date',
    '2024-13-01',
    '2024-00-10',
    '2024-02-30',
    '2023-02-29',
    '2024-01-15 24:00:00',
    '2024-01-15 10:60:00',
    '2024-01-15 10:00:60',
  ])('%o', (input) => {
    expect(formatDateTime(input)).toBe('');
    expect(formatDate(input)).toBe('');
  });

  it.each([Number.NaN, Infinity, -Infinity, 8.64e15 + 1])('number %d', (input) => {
    expect(formatDateTime(input)).toBe('');
  });

  it('invalid Date objects and non-date values', () => {
    expect(formatDateTime(new Date('nope'))).toBe('');
    expect(formatDateTime(null as unknown as string)).toBe('');
    expect(formatDateTime(undefined as unknown as string)).toBe('');
    expect(formatDateTime({} as unknown as string)).toBe('');
  });

  it('an instant valid in UTC but beyond the Date range once shifted', () => {
    expect(formatDateTime(8.64e15)).toBe('');
  });
});

describe('formatDate', () => {
  it('gives DD/MM/YYYY in Vietnam time', () => {
    expect(formatDate('2024-01-14T17:00:00Z')).toBe('15/01/2024');
    expect(formatDate('2024-01-14T16:59:59Z')).toBe('14/01/2024');
    expect(formatDate(new Date('2024-12-31T16:59:59Z'))).toBe('31/12/2024');
    expect(formatDate(new Date('2024-12-31T17:00:00Z'))).toBe('01/01/2025');
    expect(formatDate('2024-05-01')).toBe('01/05/2024');
  });
});
