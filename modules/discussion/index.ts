/**
 * The discussion module's public face: the type other modules receive from the composition root,
 * the studio's lesson error reports (list and review) and its list of learners' questions, with its
 * route. Pages import the client-safe part (the error reports' labels) from ./public.ts.
 */
export type { DiscussionService } from './discussion.service.ts';
export { createDiscussionAdmin, type DiscussionAdmin } from './discussion.admin.ts';
export { createErrorReportsAdmin, type ErrorReportsAdmin } from './discussion.reports.admin.ts';
export { createQuestionsService, type QuestionsService } from './discussion.questions.admin.ts';
export { discussionQuestionsRoutes, type DiscussionAdminRoutesOptions } from './discussion.admin.routes.ts';
export type { DiscussionLookups } from './discussion.lookups.ts';
export {
  createDiscussionPersonalData,
  ERASED_CONTENT,
  type DiscussionPersonalData,
  type DiscussionErasureResult,
} from './discussion.personal-data.ts';
