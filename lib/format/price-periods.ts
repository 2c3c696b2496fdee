/**
 * Price period units (SPEC §9): the `cycle` of a course package (pod).
 * Labels are Vietnamese, NFC. Unit 5 is "unlimited": no price suffix, no end date.
 */

export type PricePeriodValue = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface PricePeriod {
  readonly value: PricePeriodValue;
  /** Suffix after a money amount, e.g. `/tháng`; empty for unlimited. */
  readonly priceLabel: string;
  /** Name of the package, e.g. `Gói tháng`. */
  readonly packageLabel: string;
  /** Access length in days; `null` means unlimited. */
  readonly days: number | null;
}

export const UNLIMITED_PRICE_PERIOD: PricePeriodValue = 5;

export const PRICE_PERIODS: readonly PricePeriod[] = Object.freeze(
  [
    { value: 1, priceLabel: '/ngày', packageLabel: 'Gói ngày', days: 1 },
    { value: 2, priceLabel: '/tuần', packageLabel: 'Gói tuần', days: 7 },
    { value: 3, priceLabel: '/tháng', packageLabel: 'Gói tháng', days: 30 },
    { value: 4, priceLabel: '/năm', packageLabel: 'Gói năm', days: 365 },
    { value: 5, priceLabel: '', packageLabel: 'Gói vĩnh viễn', days: null },
    { value: 6, priceLabel: '/10 ngày', packageLabel: 'Gói 10 ngày', days: 10 },
    { value: 7, priceLabel: '/30 ngày', packageLabel: 'Gói 30 ngày', days: 30 },
    { value: 8, priceLabel: '/90 ngày', packageLabel: 'Gói 90 ngày', days: 90 },
    { value: 9, priceLabel: '/180 ngày', packageLabel: 'Gói 180 ngày', days: 180 },
  ].map((period) => Object.freeze(period as PricePeriod)),
);

const MS_PER_DAY = 86_400_000;

/** Strict type guard: only the numbers 1–9 (no strings, no fractions). */
export function isPricePeriod(value: unknown): value is PricePeriodValue {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9;
}

/**
 * Lenient conversion for API data: accepts the numbers 1–9 and their canonical
 * decimal strings ("3"); anything else gives `undefined`.
 */
export function toPricePeriodValue(value: unknown): PricePeriodValue | undefined {
  if (isPricePeriod(value)) return value;
  if (typeof value === 'string' && /^[1-9]$/.test(value)) return Number(value) as PricePeriodValue;
  return undefined;
}

export function findPricePeriod(value: unknown): PricePeriod | undefined {
  const unit = toPricePeriodValue(value);
  return unit === undefined ? undefined : PRICE_PERIODS[unit - 1];
}

/** `Gói tháng` for 3; empty string for an unknown unit. */
export function describePackageLabel(value: unknown): string {
  return findPricePeriod(value)?.packageLabel ?? '';
}

/** `/tháng` for 3; empty string for unlimited (5) and for an unknown unit. */
export function describePriceLabel(value: unknown): string {
  return findPricePeriod(value)?.priceLabel ?? '';
}

/**
 * End of access for a package bought at `start`: start + days × 24 h
 * (Vietnam has no DST, so a day is always 24 h). `null` = unlimited (unit 5).
 * Throws RangeError for an invalid start date or an unknown unit — an unknown
 * unit must never silently become "unlimited".
 */
export function computeAccessEnd(start: Date, cycle: unknown): Date | null {
  const period = findPricePeriod(cycle);
  if (period === undefined) throw new RangeError(`Unknown price period: ${String(cycle)}`);
  const startMs = start instanceof Date ? start.getTime() : Number.NaN;
  if (!Number.isFinite(startMs)) throw new RangeError('Invalid start date');
  if (period.days === null) return null;
  return new Date(startMs + period.days * MS_PER_DAY);
}
