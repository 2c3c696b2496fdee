/**
 * The discussion's studio routes under /api/admin/: the learners' questions list (`questions.read`;
 * a teacher sees only the courses they teach). The studio's permission check arrives as `actorOf`
 * (server/routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, guardAdminRoutes, sendCsv } from '../../kernel/http/index.ts';
import { courseEditorSchemas as schemas } from '../catalog/index.ts';

export interface DiscussionAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => unknown;
}

export const discussionQuestionsRoutes: FastifyPluginAsyncZod<DiscussionAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
  guardAdminRoutes(app, actorOf);
  app.get(
    '/api/admin/questions.json',
    {
      config: { permission: 'questions.read' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Câu hỏi của học viên trên các khóa học (giảng viên: chỉ khóa của mình); tìm không dấu; ?format=csv',
        querystring: schemas.questionsQuery,
        response: { 200: schemas.questionsSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const teacherId = await request.services.studioCourses.teacherScope(request.viewer!);
      if (format === 'csv')
        return sendCsv(reply, 'cau-hoi', await request.services.questions.csv({ ...query, teacherId }));
      const { items, total } = await request.services.questions.list({ ...query, teacherId });
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );
};
