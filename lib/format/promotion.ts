/** How an offer reads on the offers page: its value, its window and its conditions, in Vietnamese. */
import { formatDate } from './date.ts';
import { formatMoney } from './money.ts';

export interface OfferFacts {
  type: 'same_price' | 'fixed_price' | 'percentage';
  value: number;
  max_discount: number | null;
  min_order: number;
  customer_type: string;
  scope: string;
  remaining: number | null;
  starts_at: string;
  ends_at: string | null;
}

/** `Giảm 30%, tối đa 300.000đ`, `Giảm 100.000đ`, `Đồng giá 99.000đ`. */
export function describeOfferValue(offer: Pick<OfferFacts, 'type' | 'value' | 'max_discount'>): string {
  switch (offer.type) {
    case 'percentage':
      return `Giảm ${offer.value}%${offer.max_discount !== null ? `, tối đa ${formatMoney(offer.max_discount)}` : ''}`;
    case 'fixed_price':
      return `Giảm ${formatMoney(offer.value)}`;
    case 'same_price':
      return `Đồng giá ${formatMoney(offer.value)}`;
  }
}

/** `Từ 01/06/2026 đến 31/08/2026`, or `Từ 01/06/2026, không giới hạn thời gian`. */
export function describeOfferWindow(offer: Pick<OfferFacts, 'starts_at' | 'ends_at'>): string {
  const from = `Từ ${formatDate(offer.starts_at)}`;
  return offer.ends_at ? `${from} đến ${formatDate(offer.ends_at)}` : `${from}, không giới hạn thời gian`;
}

const SCOPES: Record<string, string> = {
  all: 'Áp dụng cho mọi khóa học',
  categories: 'Áp dụng cho một số danh mục khóa học',
  courses: 'Áp dụng cho một số khóa học',
};

const CUSTOMERS: Record<string, string> = {
  user_sub: 'Dành cho học viên đang dùng gói cước',
  user_active: 'Dành cho học viên đang có khóa học',
  user_inactive: 'Dành cho học viên mới (chưa có khóa học)',
};

export function describeOfferConditions(offer: OfferFacts): string[] {
  return [
    offer.min_order > 0 ? `Đơn hàng từ ${formatMoney(offer.min_order)}` : 'Không yêu cầu giá trị đơn tối thiểu',
    SCOPES[offer.scope] ?? SCOPES.all!,
    ...(CUSTOMERS[offer.customer_type] ? [CUSTOMERS[offer.customer_type]!] : []),
    ...(offer.remaining !== null ? [`Còn ${offer.remaining} lượt`] : []),
  ];
}
