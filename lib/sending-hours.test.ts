import { describe, expect, it } from 'vitest';
import { nextSendingTime, parseSendingHours } from './sending-hours.ts';

describe('nextSendingTime (07:00–22:00 Vietnam time)', () => {
  it.each([
    ['2026-11-26T00:00:00Z', null], // 07:00 in Vietnam: the window opens
    ['2026-11-26T14:59:59Z', null], // 21:59:59
    ['2026-11-26T08:30:00Z', null], // 15:30
  ])('%s is inside the window', (at, expected) => {
    expect(nextSendingTime(new Date(at))).toBe(expected);
  });

  it.each([
    ['2026-11-26T15:00:00Z', '2026-11-27T00:00:00.000Z'], // 22:00 → 07:00 the next day
    ['2026-11-26T16:59:00Z', '2026-11-27T00:00:00.000Z'], // 23:59
    ['2026-11-26T17:00:00Z', '2026-11-27T00:00:00.000Z'], // 00:00 → 07:00 the same (Vietnam) day
    ['2026-11-26T23:59:59Z', '2026-11-27T00:00:00.000Z'], // 06:59:59
    ['2026-12-31T20:00:00Z', '2027-01-01T00:00:00.000Z'], // 03:00 on New Year's Day
  ])('%s waits until %s', (at, opening) => {
    expect(nextSendingTime(new Date(at))?.toISOString()).toBe(opening);
  });
});

describe('parseSendingHours', () => {
  it('reads a window of hours and refuses anything else', () => {
    expect(parseSendingHours('7-22')).toEqual({ from: 7, until: 22 });
    expect(parseSendingHours(' 0 - 24 ')).toEqual({ from: 0, until: 24 });
    for (const bad of ['22-7', '7-25', '7', 'bảy-mười', '-1-5', '']) expect(parseSendingHours(bad), bad).toBeNull();
  });

  it('sends at any hour with 0-24, and follows another window', () => {
    expect(nextSendingTime(new Date('2026-11-26T19:00:00Z'), { from: 0, until: 24 })).toBeNull();
    // 08:00–20:00: at 21:00 (14:00Z) the next opening is 08:00 the next day (01:00Z).
    expect(nextSendingTime(new Date('2026-11-26T14:00:00Z'), { from: 8, until: 20 })?.toISOString()).toBe(
      '2026-11-27T01:00:00.000Z',
    );
  });
});
