/** The quizzes module's public face: the service type other modules receive from the composition root, the answers schema. */
export type { QuizzesService } from './quizzes.service.ts';
export { quizAnswers } from './quizzes.routes.ts';
export { createQuizzesAdmin, type QuizInput, type QuizzesAdmin } from './quizzes.admin.ts';
