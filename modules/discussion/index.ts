/**
 * The discussion module's public face: the type other modules receive from the composition root,
 * the studio's review of lesson error reports and its list of learners' questions, with its route.
 */
export type { DiscussionService } from './discussion.service.ts';
export { createDiscussionAdmin, type DiscussionAdmin } from './discussion.admin.ts';
export { createQuestionsService, type QuestionsService } from './discussion.questions.admin.ts';
export { discussionQuestionsRoutes, type DiscussionAdminRoutesOptions } from './discussion.admin.routes.ts';
export type { DiscussionLookups } from './discussion.lookups.ts';
export {
  createDiscussionPersonalData,
  ERASED_CONTENT,
  type DiscussionPersonalData,
  type DiscussionErasureResult,
} from './discussion.personal-data.ts';
