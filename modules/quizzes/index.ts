/** The quizzes module's public face: the type other modules receive from the composition root. */
export type { QuizzesService } from './quizzes.service.ts';
