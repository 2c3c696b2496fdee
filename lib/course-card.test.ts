import { describe, expect, it } from 'vitest';
import {
  type CourseCardInput,
  type CourseListItem,
  type CoursePod,
  CONTACT_PRICE_TEXT,
  DEFAULT_COURSE_SUBTITLE,
  describeCourseCard,
  describeCourseSubtitle,
} from './course-card.ts';

function pod(price: number, cycle: number, id = 1): CoursePod {
  return { id, cycle, price, payment_type: 1 };
}

const retail: CourseListItem = {
  id: 101,
  slug: 'dia-ly-12-on-thi',
  title: 'Địa lý 12 — Ôn thi',
  type: 'retail',
  thumbnail: 'https://cdn.khaitri.vn/a.jpg',
  teacher: { id: 7, slug: 'nguyen-thi-ngoc-diem', full_name: 'Nguyễn Thị Ngọc Diễm' },
  flatform_type: 'flatform_web_app',
  total_child: 0,
  price_new: 499_000,
  price_old: 799_000,
  pods: [pod(99_000, 3)],
  rating_avg: 4.8,
  rating_count: 120,
};

describe('constants', () => {
  it('match SPEC §9 and are NFC', () => {
    expect(DEFAULT_COURSE_SUBTITLE).toBe('Học trên Website và App');
    expect(CONTACT_PRICE_TEXT).toBe('Liên hệ');
    expect(DEFAULT_COURSE_SUBTITLE).toBe(DEFAULT_COURSE_SUBTITLE.normalize('NFC'));
  });
});

describe('describeCourseSubtitle', () => {
  it('retail → the teacher full name (trimmed, NFC)', () => {
    expect(describeCourseSubtitle(retail)).toBe('Nguyễn Thị Ngọc Diễm');
    const nfd = { type: 'retail', teacher: { id: 1, slug: 'x', full_name: '  Trần Văn Đức '.normalize('NFD') } };
    expect(describeCourseSubtitle(nfd as CourseCardInput)).toBe('Trần Văn Đức');
  });

  it('retail without a usable teacher → default', () => {
    expect(describeCourseSubtitle({ type: 'retail', teacher: null })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ type: 'retail' })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ type: 'retail', teacher: { id: 1, slug: 'x', full_name: ' \u00A0' } })).toBe(
      DEFAULT_COURSE_SUBTITLE,
    );
  });

  it.each([
    ['flatform_app', 'Chỉ học trên App'],
    ['flatform_web', 'Chỉ học trên Website'],
    ['flatform_web_app', 'Học trên Website và App'],
    ['platform_cross', 'Đa nền tảng'],
    ['', 'Không xác định'],
  ])('api with platform %o → %s', (flatform_type, expected) => {
    expect(describeCourseSubtitle({ type: 'api', flatform_type })).toBe(expected);
  });

  it('api with a missing or unknown platform → default', () => {
    expect(describeCourseSubtitle({ type: 'api', flatform_type: null })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ type: 'api' })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ type: 'api', flatform_type: 'tv' })).toBe(DEFAULT_COURSE_SUBTITLE);
  });

  it('combo → "{total_child} khóa học"', () => {
    expect(describeCourseSubtitle({ type: 'combo', total_child: 5 })).toBe('5 khóa học');
    expect(describeCourseSubtitle({ type: 'combo', total_child: 0 })).toBe('0 khóa học');
    expect(describeCourseSubtitle({ type: 'combo', total_child: 1200 })).toBe('1200 khóa học');
  });

  it('combo with an unusable count → default', () => {
    for (const total_child of [null, undefined, -1, 2.5, Number.NaN]) {
      expect(describeCourseSubtitle({ type: 'combo', total_child })).toBe(DEFAULT_COURSE_SUBTITLE);
    }
  });

  it('no_retail, no type and unknown types → default, whatever the other fields', () => {
    const rest = { teacher: retail.teacher, flatform_type: 'flatform_app', total_child: 3 };
    expect(describeCourseSubtitle({ ...rest, type: 'no_retail' })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ ...rest, type: null })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ ...rest })).toBe(DEFAULT_COURSE_SUBTITLE);
    expect(describeCourseSubtitle({ ...rest, type: 'other' } as unknown as CourseCardInput)).toBe(
      DEFAULT_COURSE_SUBTITLE,
    );
  });
});

describe('describeCourseCard — retail price', () => {
  it('uses price_new and shows a higher price_old with a discount badge', () => {
    expect(describeCourseCard(retail)).toStrictEqual({
      subtitle: 'Nguyễn Thị Ngọc Diễm',
      priceText: '499.000đ',
      isFree: false,
      oldPriceText: '799.000đ',
      badge: '-38%',
    });
  });

  it('ignores pods for retail', () => {
    expect(describeCourseCard({ ...retail, pods: [] }).priceText).toBe('499.000đ');
  });

  it('price_new 0 means free (old price still shown, no badge)', () => {
    expect(describeCourseCard({ ...retail, price_new: 0 })).toStrictEqual({
      subtitle: 'Nguyễn Thị Ngọc Diễm',
      priceText: 'Miễn phí',
      isFree: true,
      oldPriceText: '799.000đ',
    });
  });

  it('missing, negative or non-finite price_new is shown as free', () => {
    for (const price_new of [null, undefined, -1000, Number.NaN, 0.3]) {
      const card = describeCourseCard({ type: 'retail', price_new, price_old: null });
      expect(card).toMatchObject({ priceText: 'Miễn phí', isFree: true, oldPriceText: null });
    }
  });

  it('no old price when it is missing, zero, equal or lower', () => {
    for (const price_old of [null, 0, 499_000, 300_000, -5]) {
      const card = describeCourseCard({ ...retail, price_old });
      expect(card.oldPriceText).toBeNull();
      expect(card).not.toHaveProperty('badge');
    }
  });

  it('rounds prices to whole đồng before comparing', () => {
    const card = describeCourseCard({ type: 'retail', price_new: 99_999.6, price_old: 100_000.4 });
    expect(card).toStrictEqual({
      subtitle: DEFAULT_COURSE_SUBTITLE,
      priceText: '100.000đ',
      isFree: false,
      oldPriceText: null,
    });
  });

  it('keeps the discount badge between -1% and -99%', () => {
    expect(describeCourseCard({ type: 'retail', price_new: 999, price_old: 1000 }).badge).toBe('-1%');
    expect(describeCourseCard({ type: 'retail', price_new: 1, price_old: 1000 }).badge).toBe('-99%');
    expect(describeCourseCard({ type: 'retail', price_new: 50_000, price_old: 100_000 }).badge).toBe('-50%');
  });
});

describe('describeCourseCard — non-retail price from the first pod', () => {
  it('combo: first pod price with its cycle label', () => {
    const combo: CourseCardInput = { type: 'combo', total_child: 4, pods: [pod(99_000, 3), pod(900_000, 4, 2)] };
    expect(describeCourseCard(combo)).toStrictEqual({
      subtitle: '4 khóa học',
      priceText: '99.000đ/tháng',
      isFree: false,
      oldPriceText: null,
    });
  });

  it.each([
    [1, '10.000đ/ngày'],
    [2, '10.000đ/tuần'],
    [4, '10.000đ/năm'],
    [5, '10.000đ'],
    [6, '10.000đ/10 ngày'],
    [7, '10.000đ/30 ngày'],
    [8, '10.000đ/90 ngày'],
    [9, '10.000đ/180 ngày'],
    [42, '10.000đ'],
  ])('cycle %i → %s', (cycle, expected) => {
    expect(describeCourseCard({ type: 'api', pods: [pod(10_000, cycle)] }).priceText).toBe(expected);
  });

  it('api: platform subtitle and pod price', () => {
    const api: CourseCardInput = { type: 'api', flatform_type: 'flatform_app', pods: [pod(1_500_000, 4)] };
    expect(describeCourseCard(api)).toStrictEqual({
      subtitle: 'Chỉ học trên App',
      priceText: '1.500.000đ/năm',
      isFree: false,
      oldPriceText: null,
    });
  });

  it('first pod priced 0 → Miễn phí, even when later pods cost money', () => {
    const card = describeCourseCard({ type: 'no_retail', pods: [pod(0, 3), pod(50_000, 3, 2)] });
    expect(card).toStrictEqual({
      subtitle: DEFAULT_COURSE_SUBTITLE,
      priceText: 'Miễn phí',
      isFree: true,
      oldPriceText: null,
    });
  });

  it('no pods → Liên hệ (not free)', () => {
    for (const pods of [[], null, undefined]) {
      expect(describeCourseCard({ type: 'combo', total_child: 2, pods })).toStrictEqual({
        subtitle: '2 khóa học',
        priceText: 'Liên hệ',
        isFree: false,
        oldPriceText: null,
      });
    }
  });

  it('an unusable first pod price → Liên hệ', () => {
    for (const price of [Number.NaN, -1, Infinity]) {
      expect(describeCourseCard({ type: 'api', pods: [pod(price, 3)] }).priceText).toBe('Liên hệ');
    }
  });

  it('non-retail ignores price_new and price_old', () => {
    const card = describeCourseCard({ type: 'combo', price_new: 0, price_old: 900_000, pods: [pod(99_000, 2)] });
    expect(card).toMatchObject({ priceText: '99.000đ/tuần', isFree: false, oldPriceText: null });
  });

  it('no type at all uses the default subtitle and the pod rule', () => {
    expect(describeCourseCard({})).toStrictEqual({
      subtitle: 'Học trên Website và App',
      priceText: 'Liên hệ',
      isFree: false,
      oldPriceText: null,
    });
    expect(describeCourseCard({ pods: [pod(20_000, 1)] }).priceText).toBe('20.000đ/ngày');
  });
});
