/**
 * The promotions' kinds, states and their Vietnamese labels. No imports: the studio's pages show
 * them in components that ship to the browser (through modules/promotions/public.ts).
 */
export const PROMOTION_TYPES = ['same_price', 'fixed_price', 'percentage'] as const;
export const CUSTOMER_TYPES = ['all_user', 'user_sub', 'user_active', 'user_inactive'] as const;
export const PROMOTION_SCOPES = ['all', 'categories', 'courses'] as const;
export const PROMOTION_STATES = ['running', 'upcoming', 'ended', 'stopped'] as const;

export type PromotionState = (typeof PROMOTION_STATES)[number];

export const PROMOTION_TYPE_TEXT: Record<(typeof PROMOTION_TYPES)[number], string> = {
  same_price: 'Đồng giá',
  fixed_price: 'Giảm số tiền',
  percentage: 'Giảm phần trăm',
};
export const PROMOTION_STATE_TEXT: Record<PromotionState, string> = {
  running: 'Đang áp dụng',
  upcoming: 'Sắp diễn ra',
  ended: 'Đã kết thúc',
  stopped: 'Đang dừng',
};
