/** The referral cookie (signature, 30-day expiry) and the commission arithmetic, without a database. */
import { describe, expect, it } from 'vitest';
import { commissionFor } from './affiliates.service.ts';
import { readReferralCookie } from './referral-cookie.ts';
import { decodeReferral, encodeReferral } from './referral-signing.ts';

const SECRET = 'bi-mat-thu-nghiem';
const DAY = 86_400_000;

describe('referral cookie', () => {
  it('round-trips, expires after 30 days, and refuses another secret or an edited id', () => {
    const issued = new Date('2026-11-01T00:00:00Z');
    const value = encodeReferral(SECRET, 42, issued);
    expect(decodeReferral(SECRET, value, new Date(issued.getTime() + 29 * DAY))).toBe(42);
    expect(decodeReferral(SECRET, value, new Date(issued.getTime() + 31 * DAY))).toBeNull();
    expect(decodeReferral('khac', value, issued)).toBeNull();
    expect(decodeReferral(SECRET, value.replace(/^42\./, '43.'), issued)).toBeNull();
    expect(decodeReferral(SECRET, undefined, issued)).toBeNull();
    expect(decodeReferral(SECRET, 'rac', issued)).toBeNull();
  });

  it('is read from a Cookie header among others', () => {
    expect(readReferralCookie('a=1; kt_ref=7.1700000000.abc; b=2')).toBe('7.1700000000.abc');
    expect(readReferralCookie('kt_refx=1')).toBeUndefined();
    expect(readReferralCookie(null)).toBeUndefined();
  });
});

describe('commission', () => {
  it('applies each line its own rate or the default, on the amount paid, floored, at most the total', () => {
    const lines = [
      { price: 300_000, discount: 50_000, affiliate_rate: 20 },
      { price: 199_999, discount: 0, affiliate_rate: null },
    ];
    expect(commissionFor(449_999, lines, 10)).toBe(50_000 + 19_999);
    expect(commissionFor(0, lines, 10)).toBe(0);
    expect(commissionFor(100, [{ price: 100, discount: 0, affiliate_rate: 100 }], 10)).toBe(100);
    expect(commissionFor(50, [{ price: 100, discount: 0, affiliate_rate: 100 }], 10)).toBe(50);
  });
});
