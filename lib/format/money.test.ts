import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatVietnameseNumber, FREE_TEXT, roundToDong } from './money.ts';

describe('formatVietnameseNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [12_345, '12.345'],
    [999_999, '999.999'],
    [1_500_000, '1.500.000'],
    [1_000_000_000, '1.000.000.000'],
    [Number.MAX_SAFE_INTEGER, '9.007.199.254.740.991'],
    [1e21, '1.000.000.000.000.000.000.000'],
    [-1234, '-1.234'],
    [-999, '-999'],
    [1234.5, '1.235'],
    [-0, '0'],
  ])('%d → %s', (value, expected) => {
    expect(formatVietnameseNumber(value)).toBe(expected);
  });

  it('gives an empty string for non-finite numbers', () => {
    expect(formatVietnameseNumber(Number.NaN)).toBe('');
    expect(formatVietnameseNumber(Infinity)).toBe('');
    expect(formatVietnameseNumber(-Infinity)).toBe('');
  });
});

describe('roundToDong', () => {
  it.each([
    [1.4, 1],
    [1.5, 2],
    [2.5, 3],
    [-1.4, -1],
    [-1.5, -2],
    [-2.5, -3],
    [-0.4, 0],
    [0.49, 0],
  ])('%d → %d (half away from zero)', (value, expected) => {
    expect(roundToDong(value)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundToDong(-0.2), 0)).toBe(true);
    expect(Object.is(roundToDong(-0), 0)).toBe(true);
  });
});

describe('formatMoney', () => {
  it('formats plain amounts with the đ sign and dot grouping', () => {
    expect(formatMoney(1_500_000)).toBe('1.500.000đ');
    expect(formatMoney(99_000)).toBe('99.000đ');
    expect(formatMoney(500)).toBe('500đ');
    expect(formatMoney(1)).toBe('1đ');
    expect(formatMoney(1000)).toBe('1.000đ');
  });

  it.each([
    [1, '99.000đ/ngày'],
    [2, '99.000đ/tuần'],
    [3, '99.000đ/tháng'],
    [4, '99.000đ/năm'],
    [5, '99.000đ'],
    [6, '99.000đ/10 ngày'],
    [7, '99.000đ/30 ngày'],
    [8, '99.000đ/90 ngày'],
    [9, '99.000đ/180 ngày'],
  ])('adds the price label of cycle %i', (cycle, expected) => {
    expect(formatMoney(99_000, cycle)).toBe(expected);
  });

  it('ignores a null, undefined or unknown cycle', () => {
    expect(formatMoney(99_000, null)).toBe('99.000đ');
    expect(formatMoney(99_000, undefined)).toBe('99.000đ');
    expect(formatMoney(99_000, 0)).toBe('99.000đ');
    expect(formatMoney(99_000, 42)).toBe('99.000đ');
    expect(formatMoney(99_000, 2.5)).toBe('99.000đ');
  });

  it('shows Miễn phí for zero, null and undefined, with or without a cycle', () => {
    expect(FREE_TEXT).toBe('Miễn phí');
    expect(formatMoney(0)).toBe('Miễn phí');
    expect(formatMoney(-0)).toBe('Miễn phí');
    expect(formatMoney(null)).toBe('Miễn phí');
    expect(formatMoney(undefined)).toBe('Miễn phí');
    expect(formatMoney(0, 3)).toBe('Miễn phí');
    expect(formatMoney(null, 3)).toBe('Miễn phí');
  });

  it('rounds non-integers to whole đồng (half away from zero)', () => {
    expect(formatMoney(1234.4)).toBe('1.234đ');
    expect(formatMoney(1234.5)).toBe('1.235đ');
    expect(formatMoney(999.5)).toBe('1.000đ');
    expect(formatMoney(99_999.9, 3)).toBe('100.000đ/tháng');
  });

  it('treats amounts that round to zero as free', () => {
    expect(formatMoney(0.4)).toBe('Miễn phí');
    expect(formatMoney(-0.4)).toBe('Miễn phí');
  });

  it('keeps the sign of negative amounts (e.g. refunds, discounts)', () => {
    expect(formatMoney(-50_000)).toBe('-50.000đ');
    expect(formatMoney(-1234.5)).toBe('-1.235đ');
    expect(formatMoney(-20_000, 3)).toBe('-20.000đ/tháng');
  });

  it('gives an empty string for NaN and infinities rather than a fake price', () => {
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Infinity)).toBe('');
    expect(formatMoney(-Infinity, 3)).toBe('');
  });

  it('never uses Intl grouping conventions (no comma, no NBSP)', () => {
    const text = formatMoney(1_234_567_890);
    expect(text).toBe('1.234.567.890đ');
    expect(text).not.toMatch(/[,\u00A0\u202F]/);
  });

  it('outputs NFC', () => {
    const text = formatMoney(99_000, 4);
    expect(text).toBe(text.normalize('NFC'));
    expect(formatMoney(0)).toBe('Mi\u1EC5n ph\u00ED');
  });
});

describe('formatAmount', () => {
  it('writes zero as 0đ (nothing), never as the free-price text', () => {
    expect(formatAmount(0)).toBe('0đ');
    expect(formatAmount(0.4)).toBe('0đ');
    expect(formatAmount(-0)).toBe('0đ');
  });

  it('groups like a price, without a cycle', () => {
    expect(formatAmount(180_000)).toBe('180.000đ');
    expect(formatAmount(-1_234)).toBe('-1.234đ');
    expect(formatAmount(Number.NaN)).toBe('');
  });
});
