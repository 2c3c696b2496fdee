import { describe, expect, it } from 'vitest';
import { formatClock, formatHoursMinutes, formatMinutesSeconds, formatTimestamp } from './duration.ts';

const INVALID: unknown[] = [Number.NaN, -1, -3600, -0.5, Infinity, -Infinity, null, undefined, '3600', {}];

describe('formatClock (HH:MM:SS)', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [61, '00:01:01'],
    [599, '00:09:59'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [36_000, '10:00:00'],
    [86_399, '23:59:59'],
    [86_400, '24:00:00'],
    [359_999, '99:59:59'],
    [360_000, '100:00:00'],
    [3_600_000, '1000:00:00'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it('floors fractional seconds', () => {
    expect(formatClock(59.999)).toBe('00:00:59');
    expect(formatClock(3600.5)).toBe('01:00:00');
    expect(formatClock(0.9)).toBe('00:00:00');
  });

  it.each(INVALID)('treats %o as 0', (value) => {
    expect(formatClock(value as number)).toBe('00:00:00');
  });
});

describe('formatHoursMinutes ({HH} Giờ {MM} Phút)', () => {
  it.each([
    [0, '00 Giờ'],
    [1, '00 Giờ'],
    [59, '00 Giờ'],
    [59.99, '00 Giờ'],
    [60, '00 Giờ 01 Phút'],
    [119, '00 Giờ 01 Phút'],
    [600, '00 Giờ 10 Phút'],
    [3599, '00 Giờ 59 Phút'],
    [3600, '01 Giờ 00 Phút'],
    [5400, '01 Giờ 30 Phút'],
    [5459, '01 Giờ 30 Phút'],
    [45_000, '12 Giờ 30 Phút'],
    [360_000, '100 Giờ 00 Phút'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatHoursMinutes(seconds)).toBe(expected);
  });

  it('under 60 seconds gives exactly "00 Giờ", nothing after', () => {
    expect(formatHoursMinutes(30)).toStrictEqual('00 Giờ');
    expect(formatHoursMinutes(30)).toHaveLength(6);
  });

  it.each(INVALID)('treats %o as 0', (value) => {
    expect(formatHoursMinutes(value as number)).toBe('00 Giờ');
  });

  it('outputs NFC Vietnamese', () => {
    expect(formatHoursMinutes(3600)).toBe('01 Gi\u1EDD 00 Ph\u00FAt');
  });
});

describe('formatMinutesSeconds ({MM} Phút {SS} Giây)', () => {
  it.each([
    [0, '00 Phút 00 Giây'],
    [5, '00 Phút 05 Giây'],
    [59, '00 Phút 59 Giây'],
    [60, '01 Phút 00 Giây'],
    [125, '02 Phút 05 Giây'],
    [3599, '59 Phút 59 Giây'],
    [3600, '60 Phút 00 Giây'],
    [3725, '62 Phút 05 Giây'],
    [6000, '100 Phút 00 Giây'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatMinutesSeconds(seconds)).toBe(expected);
  });

  it('floors fractional seconds', () => {
    expect(formatMinutesSeconds(125.99)).toBe('02 Phút 05 Giây');
  });

  it.each(INVALID)('treats %o as 0', (value) => {
    expect(formatMinutesSeconds(value as number)).toBe('00 Phút 00 Giây');
  });

  it('outputs NFC Vietnamese', () => {
    expect(formatMinutesSeconds(61)).toBe('01 Ph\u00FAt 01 Gi\u00E2y');
  });
});

describe('formatTimestamp', () => {
  it('shows minutes and seconds, and hours only when there are some', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(95)).toBe('01:35');
    expect(formatTimestamp(3725)).toBe('1:02:05');
    expect(formatTimestamp(-3)).toBe('00:00');
  });
});
