/**
 * The support desk's request states and their labels, for the services and the pages. No imports:
 * pages use these in their components, so this file reaches the browser bundle.
 */
export const SUPPORT_STATUSES = ['new', 'in_progress', 'resolved'] as const;

export const SUPPORT_STATUS_LABELS: Record<(typeof SUPPORT_STATUSES)[number], string> = {
  new: 'Mới',
  in_progress: 'Đang xử lý',
  resolved: 'Đã giải quyết',
};
