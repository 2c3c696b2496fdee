/**
 * The discussion module's public face: the type other modules receive from the composition root,
 * and the studio's review of lesson error reports.
 */
export type { DiscussionService } from './discussion.service.ts';
export { createDiscussionAdmin, type DiscussionAdmin } from './discussion.admin.ts';
export {
  createDiscussionPersonalData,
  ERASED_CONTENT,
  type DiscussionPersonalData,
  type DiscussionErasureResult,
} from './discussion.personal-data.ts';
