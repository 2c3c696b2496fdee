/** The learning module's public face: its services' types and the input schemas other modules reuse. */
export type { LearningService } from './learning.service.ts';
export type { LessonAccessService } from './lesson-access.ts';
export { learningLogBody } from './learning.schemas.ts';
export { plainText, rowId } from './extras.schemas.ts';
