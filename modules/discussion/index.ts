/**
 * The discussion module's public face: the type other modules receive from the composition root,
 * and the studio's review of lesson error reports.
 */
export type { DiscussionService } from './discussion.service.ts';
export { createDiscussionAdmin, type DiscussionAdmin } from './discussion.admin.ts';
export {
  createDiscussionErasure,
  ERASED_CONTENT,
  type DiscussionErasure,
  type DiscussionErasureResult,
} from './discussion.erasure.ts';
