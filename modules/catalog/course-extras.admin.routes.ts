/**
 * Studio course editor, part 2, under /api/admin/…: a combo's children, the scheduled publish
 * time, the one-call reorder of the lesson tree, quiz editing and resumable video uploads (the video
 * module's routes, registered here in their place). A teacher
 * reaches only the courses they teach (403 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes } from '../../kernel/http/index.ts';
import * as schemas from './course.admin.schemas.ts';
import * as extras from './course-editor.admin.schemas.ts';

const { courseDetailSchema, courseIdParams, lessonParams } = schemas;

/** The studio's actor, as the composition root typed the course editor (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['courseExtras']['setChildren']>[0];

export interface CourseExtrasAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
  /** The video module's resumable upload routes, registered in their place among the editor's (server/routes.ts). */
  uploadRoutes: (app: FastifyInstance) => void;
}

const write = { permission: 'courses.write' as const };
const manage = { permission: 'courses.manage' as const };
const detail = { 200: envelope(courseDetailSchema) };

export const courseExtrasAdminRoutes: FastifyPluginAsyncZod<CourseExtrasAdminRoutesOptions> = async (
  app,
  { actorOf, uploadRoutes },
) => {
  const tags = ['admin'];

  guardAdminRoutes(app, actorOf);
  app.addHook('preValidation', async (request) => {
    const id = Number((request.params as { id?: string } | undefined)?.id);
    if (Number.isInteger(id) && id > 0) await request.services.studioCourses.assertCanEdit(request.viewer!, id);
  });

  app.get(
    '/api/admin/courses/:id/children.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Các khóa học con của một combo, theo thứ tự',
        params: courseIdParams,
        response: { 200: extras.childrenSchema },
      },
    },
    async (request) => ({ data: await request.services.courseExtras.children(request.params.id) }),
  );

  app.put(
    '/api/admin/courses/:id/children.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Đặt các khóa học con của combo (thay cả danh sách; không chứa chính nó hoặc combo khác); ghi nhật ký',
        params: courseIdParams,
        body: extras.childrenInput,
        response: { 200: extras.childrenSchema },
      },
    },
    async (request) => ({
      data: await request.services.courseExtras.setChildren(
        actorOf(request),
        request.params.id,
        request.body.child_ids,
      ),
    }),
  );

  app.post(
    '/api/admin/courses/:id/schedule.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Hẹn giờ xuất bản (publish_at ở tương lai) hoặc hủy hẹn (null); ghi nhật ký',
        params: courseIdParams,
        body: extras.scheduleInput,
        response: detail,
      },
    },
    async (request) => ({
      data: await request.services.courseExtras.schedule(actorOf(request), request.params.id, request.body.publish_at),
    }),
  );

  app.put(
    '/api/admin/courses/:id/order.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Lưu thứ tự cả cây bài học trong một lần (kéo thả; bài học có thể đổi chương); ghi nhật ký',
        params: courseIdParams,
        body: extras.reorderInput,
        response: detail,
      },
    },
    async (request) => ({
      data: await request.services.courseExtras.reorder(actorOf(request), request.params.id, request.body.chapters),
    }),
  );

  app.get(
    '/api/admin/courses/:id/lessons/:lessonId/quiz.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Bài kiểm tra: cài đặt, câu hỏi và đáp án (kèm đáp án đúng)',
        params: lessonParams,
        response: { 200: envelope(extras.quizSchema) },
      },
    },
    async (request) => ({
      data: await request.services.courseExtras.quiz(request.params.id, request.params.lessonId),
    }),
  );

  app.put(
    '/api/admin/courses/:id/lessons/:lessonId/quiz.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Lưu bài kiểm tra: điểm đạt, câu hỏi một / nhiều lựa chọn, đáp án đúng; ghi nhật ký',
        params: lessonParams,
        body: extras.quizInput,
        response: { 200: envelope(extras.quizSchema) },
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      return { data: await request.services.courseExtras.saveQuiz(actorOf(request), id, lessonId, request.body) };
    },
  );

  // The resumable video uploads (modules/video), in their place among the editor's routes.
  uploadRoutes(app);
};
