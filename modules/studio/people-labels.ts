/**
 * The states and labels of the studio desk, for the services and the pages. No imports: pages
 * use these in their components, so this file reaches the browser bundle.
 */
export const SUPPORT_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export const REVIEW_STATUSES = ['new', 'confirmed', 'fixed', 'rejected'] as const;
export const REPORT_REASONS = ['video', 'content', 'audio', 'other'] as const;

export const SUPPORT_STATUS_LABELS: Record<(typeof SUPPORT_STATUSES)[number], string> = {
  new: 'Mới',
  in_progress: 'Đang xử lý',
  resolved: 'Đã giải quyết',
};
export const REVIEW_STATUS_LABELS: Record<(typeof REVIEW_STATUSES)[number], string> = {
  new: 'Mới',
  confirmed: 'Đã xác nhận',
  fixed: 'Đã sửa',
  rejected: 'Từ chối',
};
export const REASON_LABELS: Record<string, string> = {
  video: 'Video',
  content: 'Nội dung',
  audio: 'Âm thanh',
  other: 'Khác',
};
