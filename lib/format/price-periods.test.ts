import { describe, expect, it } from 'vitest';
import {
  computeAccessEnd,
  describePackageLabel,
  describePriceLabel,
  findPricePeriod,
  isPricePeriod,
  PRICE_PERIODS,
  toPricePeriodValue,
  UNLIMITED_PRICE_PERIOD,
} from './price-periods.ts';

describe('PRICE_PERIODS', () => {
  it('lists the nine units of SPEC §9 in order with Vietnamese labels', () => {
    expect(PRICE_PERIODS).toEqual([
      { value: 1, priceLabel: '/ngày', packageLabel: 'Gói ngày', days: 1 },
      { value: 2, priceLabel: '/tuần', packageLabel: 'Gói tuần', days: 7 },
      { value: 3, priceLabel: '/tháng', packageLabel: 'Gói tháng', days: 30 },
      { value: 4, priceLabel: '/năm', packageLabel: 'Gói năm', days: 365 },
      { value: 5, priceLabel: '', packageLabel: 'Gói vĩnh viễn', days: null },
      { value: 6, priceLabel: '/10 ngày', packageLabel: 'Gói 10 ngày', days: 10 },
      { value: 7, priceLabel: '/30 ngày', packageLabel: 'Gói 30 ngày', days: 30 },
      { value: 8, priceLabel: '/90 ngày', packageLabel: 'Gói 90 ngày', days: 90 },
      { value: 9, priceLabel: '/180 ngày', packageLabel: 'Gói 180 ngày', days: 180 },
    ]);
  });

  it('keeps every label in NFC', () => {
    for (const period of PRICE_PERIODS) {
      expect(period.priceLabel).toBe(period.priceLabel.normalize('NFC'));
      expect(period.packageLabel).toBe(period.packageLabel.normalize('NFC'));
    }
    expect(PRICE_PERIODS[0]?.priceLabel).toBe('/ng\u00E0y');
  });

  it('is frozen, array and entries', () => {
    expect(Object.isFrozen(PRICE_PERIODS)).toBe(true);
    expect(PRICE_PERIODS.every((period) => Object.isFrozen(period))).toBe(true);
    expect(() => (PRICE_PERIODS as unknown as unknown[]).push({})).toThrow(TypeError);
  });

  it('names 5 as the unlimited unit', () => {
    expect(UNLIMITED_PRICE_PERIOD).toBe(5);
  });
});

describe('isPricePeriod', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('accepts %i', (value) => {
    expect(isPricePeriod(value)).toBe(true);
  });

  it.each([0, 10, -1, 3.5, Number.NaN, Infinity, '3', null, undefined, true, {}, [3]])('rejects %o', (value) => {
    expect(isPricePeriod(value)).toBe(false);
  });
});

describe('toPricePeriodValue', () => {
  it('accepts numbers 1–9 and their canonical strings', () => {
    expect(toPricePeriodValue(3)).toBe(3);
    expect(toPricePeriodValue('3')).toBe(3);
    expect(toPricePeriodValue('9')).toBe(9);
  });

  it.each(['03', ' 3', '3 ', '3.0', '10', '0', '', 'tháng', 0, 10, 2.5, null])('rejects %o', (value) => {
    expect(toPricePeriodValue(value)).toBeUndefined();
  });
});

describe('findPricePeriod', () => {
  it('finds a unit by number or numeric string', () => {
    expect(findPricePeriod(4)).toEqual({ value: 4, priceLabel: '/năm', packageLabel: 'Gói năm', days: 365 });
    expect(findPricePeriod('8')?.packageLabel).toBe('Gói 90 ngày');
  });

  it('returns undefined for unknown units', () => {
    expect(findPricePeriod(0)).toBeUndefined();
    expect(findPricePeriod(10)).toBeUndefined();
    expect(findPricePeriod(null)).toBeUndefined();
    expect(findPricePeriod(undefined)).toBeUndefined();
  });
});

describe('describePackageLabel / describePriceLabel', () => {
  it.each([
    [1, 'Gói ngày', '/ngày'],
    [2, 'Gói tuần', '/tuần'],
    [3, 'Gói tháng', '/tháng'],
    [4, 'Gói năm', '/năm'],
    [5, 'Gói vĩnh viễn', ''],
    [6, 'Gói 10 ngày', '/10 ngày'],
    [7, 'Gói 30 ngày', '/30 ngày'],
    [8, 'Gói 90 ngày', '/90 ngày'],
    [9, 'Gói 180 ngày', '/180 ngày'],
  ])('unit %i → %s, %s', (value, packageLabel, priceLabel) => {
    expect(describePackageLabel(value)).toBe(packageLabel);
    expect(describePriceLabel(value)).toBe(priceLabel);
  });

  it('gives empty strings for unknown units', () => {
    for (const value of [0, 10, -3, 1.5, 'x', null, undefined]) {
      expect(describePackageLabel(value)).toBe('');
      expect(describePriceLabel(value)).toBe('');
    }
  });
});

describe('computeAccessEnd', () => {
  const start = new Date('2024-01-31T10:00:00.000Z');

  it.each([
    [1, '2024-02-01T10:00:00.000Z'],
    [2, '2024-02-07T10:00:00.000Z'],
    [3, '2024-03-01T10:00:00.000Z'], // 30 days, not "same day next month" (2024 is a leap year)
    [4, '2025-01-30T10:00:00.000Z'], // 365 days crosses 29 Feb 2024
    [6, '2024-02-10T10:00:00.000Z'],
    [7, '2024-03-01T10:00:00.000Z'],
    [8, '2024-04-30T10:00:00.000Z'],
    [9, '2024-07-29T10:00:00.000Z'],
  ])('unit %i ends at %s', (cycle, expected) => {
    expect(computeAccessEnd(start, cycle)?.toISOString()).toBe(expected);
  });

  it('returns null (unlimited) for unit 5', () => {
    expect(computeAccessEnd(start, 5)).toBeNull();
  });

  it('accepts a numeric-string unit and does not mutate the start date', () => {
    expect(computeAccessEnd(start, '1')?.toISOString()).toBe('2024-02-01T10:00:00.000Z');
    expect(start.toISOString()).toBe('2024-01-31T10:00:00.000Z');
  });

  it('keeps milliseconds', () => {
    const precise = new Date('2024-06-01T23:59:59.999Z');
    expect(computeAccessEnd(precise, 1)?.toISOString()).toBe('2024-06-02T23:59:59.999Z');
  });

  it('throws RangeError for an unknown unit instead of granting unlimited access', () => {
    expect(() => computeAccessEnd(start, 0)).toThrow(RangeError);
    expect(() => computeAccessEnd(start, 10)).toThrow(RangeError);
    expect(() => computeAccessEnd(start, null)).toThrow(RangeError);
  });

  it('throws RangeError for an invalid start date', () => {
    expect(() => computeAccessEnd(new Date('nope'), 3)).toThrow(RangeError);
    expect(() => computeAccessEnd('2024-01-01' as unknown as Date, 3)).toThrow(RangeError);
  });
});
