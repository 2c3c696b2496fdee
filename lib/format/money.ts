/**
 * Money display (SPEC §9): Vietnamese number format followed by `đ` or by a
 * price-period label; zero is `Miễn phí`. Grouping is done by hand so the
 * output never depends on Intl locale data.
 */
import { describePriceLabel } from './price-periods.ts';

export const FREE_TEXT = 'Miễn phí';
export const CURRENCY_SIGN = 'đ';

/** Rounds half away from zero to whole đồng (1.5 → 2, -1.5 → -2); -0 becomes 0. */
export function roundToDong(amount: number): number {
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  return rounded === 0 ? 0 : rounded;
}

/**
 * Groups the integer part with dots: 1500000 → `1.500.000`, -1234 → `-1.234`.
 * Non-integers are rounded first; non-finite numbers give an empty string.
 */
export function formatVietnameseNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = roundToDong(value);
  // BigInt keeps every digit even above 1e21, where String() switches to exponent form.
  const digits = BigInt(Math.abs(rounded)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/**
 * An amount that is not a price (a discount, a revenue, a commission, a refund): `0đ` when it is
 * zero, because there 0 means "nothing", not "free". NaN/±Infinity give an empty string.
 */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return `${formatVietnameseNumber(amount)}${CURRENCY_SIGN}`;
}

/**
 * `1.500.000đ`, `99.000đ/tháng` (with a cycle), `Miễn phí` for 0/null/undefined
 * or anything that rounds to 0. Unknown cycles and the unlimited cycle (5) add
 * no suffix. NaN/±Infinity give an empty string (no price can be shown).
 */
export function formatMoney(amount: number | null | undefined, cycle?: number | null): string {
  if (amount === null || amount === undefined) return FREE_TEXT;
  if (!Number.isFinite(amount)) return '';
  const rounded = roundToDong(amount);
  if (rounded === 0) return FREE_TEXT;
  const suffix = cycle === null || cycle === undefined ? '' : describePriceLabel(cycle);
  return `${formatVietnameseNumber(rounded)}${CURRENCY_SIGN}${suffix}`;
}
