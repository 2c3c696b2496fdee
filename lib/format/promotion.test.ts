import { describe, expect, it } from 'vitest';
import { describeOfferConditions, describeOfferValue, describeOfferWindow } from './promotion.ts';

describe('offer descriptions', () => {
  it('reads the value of each promotion type', () => {
    expect(describeOfferValue({ type: 'percentage', value: 30, max_discount: 300_000 })).toBe(
      'Giảm 30%, tối đa 300.000đ',
    );
    expect(describeOfferValue({ type: 'percentage', value: 10, max_discount: null })).toBe('Giảm 10%');
    expect(describeOfferValue({ type: 'fixed_price', value: 100_000, max_discount: null })).toBe('Giảm 100.000đ');
    expect(describeOfferValue({ type: 'same_price', value: 99_000, max_discount: null })).toBe('Đồng giá 99.000đ');
  });

  it('reads the window in Vietnam days', () => {
    expect(describeOfferWindow({ starts_at: '2026-05-31T17:00:00.000Z', ends_at: '2026-08-31T16:59:59.000Z' })).toBe(
      'Từ 01/06/2026 đến 31/08/2026',
    );
    expect(describeOfferWindow({ starts_at: '2026-06-01T00:00:00.000Z', ends_at: null })).toBe(
      'Từ 01/06/2026, không giới hạn thời gian',
    );
  });

  it('lists the conditions', () => {
    const base = {
      type: 'fixed_price' as const,
      value: 1,
      max_discount: null,
      starts_at: '',
      ends_at: null,
    };
    expect(
      describeOfferConditions({
        ...base,
        min_order: 500_000,
        scope: 'courses',
        customer_type: 'user_inactive',
        remaining: 12,
      }),
    ).toEqual([
      'Đơn hàng từ 500.000đ',
      'Áp dụng cho một số khóa học',
      'Dành cho học viên mới (chưa có khóa học)',
      'Còn 12 lượt',
    ]);
    expect(
      describeOfferConditions({ ...base, min_order: 0, scope: 'all', customer_type: 'all_user', remaining: null }),
    ).toEqual(['Không yêu cầu giá trị đơn tối thiểu', 'Áp dụng cho mọi khóa học']);
  });
});
