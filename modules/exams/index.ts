/** The exams module's public face: the service, its routes, the scoring rules and the table types. */
export { createExamsService, contestState, type ExamsService, type ContestState } from './exams.service.ts';
export { examsRoutes } from './exams.routes.ts';
export type { ExamInput, QuestionInput, ContestInput } from './exams.authoring.ts';
export { THPT_STRUCTURES, normalizeShortAnswer, type ExamTemplate } from './exams.scoring.ts';
export { ANSWER_GRACE_MS } from './exams.grading.ts';
export type { ExamsTables } from './exams.table.ts';
export { createContestsAdmin, type ContestsAdmin } from './exams.admin-contests.ts';
export { examContestsAdminRoutes } from './exams.admin-contests.routes.ts';
export { createExamsAdmin, type ExamsAdmin } from './exams.admin.ts';
export { examsAdminRoutes } from './exams.admin.routes.ts';
