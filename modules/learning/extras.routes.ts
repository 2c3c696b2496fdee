/** Every learning-extras endpoint (one registration in server/app.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificatesRoutes } from '../certificates/certificates.routes.ts';
import { discussionRoutes } from '../discussion/discussion.routes.ts';
import { quizzesRoutes } from '../quizzes/quizzes.routes.ts';
import { reviewsRoutes } from '../reviews/reviews.routes.ts';

export const learningExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(quizzesRoutes);
  await app.register(discussionRoutes);
  await app.register(reviewsRoutes);
  await app.register(certificatesRoutes);
};
