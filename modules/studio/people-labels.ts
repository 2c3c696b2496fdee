/**
 * The states and labels of the studio desk, for the services and the pages. Client-safe imports
 * only: pages use these in their components, so this file reaches the browser bundle. The support
 * requests' are support's (modules/support/support.labels.ts), re-exported for the pages.
 */
export { SUPPORT_STATUS_LABELS, SUPPORT_STATUSES } from '../support/public.ts';
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
