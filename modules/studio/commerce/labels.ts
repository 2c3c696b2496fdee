/** Labels of the commerce pages, free of server imports (the pages' components ship to the browser). */
export const PROMOTION_TYPE_TEXT = {
  same_price: 'Đồng giá',
  fixed_price: 'Giảm số tiền',
  percentage: 'Giảm phần trăm',
};
export const PROMOTION_STATE_TEXT: Record<'running' | 'upcoming' | 'ended' | 'stopped', string> = {
  running: 'Đang áp dụng',
  upcoming: 'Sắp diễn ra',
  ended: 'Đã kết thúc',
  stopped: 'Đang dừng',
};
