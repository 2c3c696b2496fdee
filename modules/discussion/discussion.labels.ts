/**
 * The states and labels of lesson error reports, for the studio's services and pages. Client-safe
 * imports only: pages use these in their components, so this file reaches the browser bundle.
 */
export const REVIEW_STATUSES = ['new', 'confirmed', 'fixed', 'rejected'] as const;
export const REPORT_REASONS = ['video', 'content', 'audio', 'other'] as const;

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
