/**
 * Course card display (SPEC §3, §9): subtitle line and price line of a course
 * in a list.
 */
import { formatMoney, FREE_TEXT, roundToDong } from './format/money.ts';
import { describePlatform } from './platform.ts';
import { isBlank } from './text/blank.ts';

export type CourseType = 'retail' | 'no_retail' | 'combo' | 'api';

export interface CourseTeacher {
  id: number;
  slug: string;
  full_name: string;
}

export interface CoursePod {
  id: number;
  /** Price period unit 1–9 (see format/price-periods.ts). */
  cycle: number;
  price: number;
  payment_type: string | number | null;
}

export interface CourseListItem {
  id: number;
  slug: string;
  title: string;
  type: CourseType | null;
  thumbnail: string | null;
  teacher: CourseTeacher | null;
  flatform_type: string | null;
  total_child: number | null;
  price_new: number | null;
  price_old: number | null;
  pods: CoursePod[];
  rating_avg: number | null;
  rating_count: number | null;
}

/** The fields the card needs; all optional so partial API data still renders. */
export type CourseCardInput = Partial<
  Pick<CourseListItem, 'type' | 'teacher' | 'flatform_type' | 'total_child' | 'price_new' | 'price_old'>
> & { pods?: readonly CoursePod[] | null };

export interface CourseCard {
  subtitle: string;
  priceText: string;
  isFree: boolean;
  /** Struck-through list price (retail only), or null when there is none. */
  oldPriceText: string | null;
  /** Discount badge such as `-25%` (retail only). */
  badge?: string;
}

export const DEFAULT_COURSE_SUBTITLE = 'Học trên Website và App';
export const CONTACT_PRICE_TEXT = 'Liên hệ';

/** Whole đồng, or null for a missing/non-finite amount. */
function toAmount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? roundToDong(value) : null;
}

/**
 * retail → teacher's full name; api → platform label; combo → `{n} khóa học`;
 * anything else (no_retail, no type, unknown type) or a missing value → the default.
 */
export function describeCourseSubtitle(course: CourseCardInput): string {
  switch (course.type) {
    case 'retail': {
      const name = course.teacher?.full_name;
      return isBlank(name) ? DEFAULT_COURSE_SUBTITLE : String(name).trim().normalize('NFC');
    }
    case 'api':
      return describePlatform(course.flatform_type) || DEFAULT_COURSE_SUBTITLE;
    case 'combo': {
      const count = course.total_child;
      const valid = typeof count === 'number' && Number.isInteger(count) && count >= 0;
      return valid ? `${count} khóa học` : DEFAULT_COURSE_SUBTITLE;
    }
    default:
      return DEFAULT_COURSE_SUBTITLE;
  }
}

function computeDiscountPercent(oldPrice: number, newPrice: number): number {
  const percent = Math.round(((oldPrice - newPrice) / oldPrice) * 100);
  return Math.min(99, Math.max(1, percent));
}

function describeRetailPrice(course: CourseCardInput): Omit<CourseCard, 'subtitle'> {
  const price = toAmount(course.price_new);
  const oldPrice = toAmount(course.price_old);
  const isFree = price === null || price <= 0;
  const hasOldPrice = oldPrice !== null && oldPrice > Math.max(price ?? 0, 0);
  const card: Omit<CourseCard, 'subtitle'> = {
    priceText: isFree ? FREE_TEXT : formatMoney(price),
    isFree,
    oldPriceText: hasOldPrice ? formatMoney(oldPrice) : null,
  };
  if (hasOldPrice && !isFree) {
    card.badge = `-${computeDiscountPercent(oldPrice, price)}%`;
  }
  return card;
}

function describePodPrice(course: CourseCardInput): Omit<CourseCard, 'subtitle'> {
  const pod = Array.isArray(course.pods) ? course.pods[0] : undefined;
  const price = toAmount(pod?.price);
  if (pod === undefined || price === null || price < 0) {
    return { priceText: CONTACT_PRICE_TEXT, isFree: false, oldPriceText: null };
  }
  if (price === 0) return { priceText: FREE_TEXT, isFree: true, oldPriceText: null };
  return { priceText: formatMoney(price, pod.cycle), isFree: false, oldPriceText: null };
}

/**
 * Retail: price from `price_new` (0, missing or negative → `Miễn phí`), old price
 * shown when it is above the current price. Everything else: the FIRST pod's
 * price with its cycle label (`99.000đ/tháng`); price 0 → `Miễn phí`; no pods
 * or an unusable pod price → `Liên hệ`.
 */
export function describeCourseCard(course: CourseCardInput): CourseCard {
  const price = course.type === 'retail' ? describeRetailPrice(course) : describePodPrice(course);
  return { subtitle: describeCourseSubtitle(course), ...price };
}
