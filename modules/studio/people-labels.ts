/**
 * The states and labels of the studio desk, for the services and the pages. Client-safe imports
 * only: pages use these in their components, so this file reaches the browser bundle. The support
 * requests' are support's (modules/support/support.labels.ts), the lesson error reports' the
 * discussion's (modules/discussion/discussion.labels.ts), re-exported for the pages.
 */
export { SUPPORT_STATUS_LABELS, SUPPORT_STATUSES } from '../support/public.ts';
export { REASON_LABELS, REPORT_REASONS, REVIEW_STATUS_LABELS, REVIEW_STATUSES } from '../discussion/public.ts';
