import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { idParam, slugParam } from '../catalog/catalog.schemas.ts';
import { addPublicCaching } from '../../kernel/http/public-cache.ts';
import {
  curriculumSchema,
  learningLogBody,
  learningLogResult,
  lessonContentSchema,
  myCourseSchema,
} from './learning.schemas.ts';

const tags = ['learning'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** Lessons (SPEC §7 lesson.json, lesson/details.json, PATCH lesson/learning_log.json) and my courses. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  addPublicCaching(app);

  app.get(
    '/api/user/lesson.json',
    {
      schema: {
        tags,
        summary:
          'Giáo trình của khóa học (chương và bài, bài học thử); với học viên đã đăng nhập: dấu hoàn thành từng bài và tiến độ khóa học',
        querystring: z
          .object({ course_id: idParam.optional(), slug: slugParam.optional() })
          .refine((value) => value.course_id !== undefined || value.slug !== undefined, {
            message: 'Cần mã khóa học (course_id) hoặc đường dẫn (slug).',
            path: ['course_id'],
          }),
        response: { 200: envelope(curriculumSchema) },
      },
    },
    async (request) => ({
      data: await request.services.learning.getCurriculum(request.viewer?.id ?? null, {
        id: request.query.course_id,
        slug: request.query.slug,
      }),
    }),
  );

  app.get(
    '/api/user/lesson/details.json',
    {
      schema: {
        tags,
        summary:
          'Nội dung bài học: cho học viên đang có quyền học khóa học, hoặc bài học thử. Khác: 401 (chưa đăng nhập) hoặc 403 (chưa mua, hết hạn) kèm `fields.reason` và `fields.course_slug`',
        querystring: z.object({ id: idParam }),
        response: { 200: envelope(lessonContentSchema) },
      },
    },
    async (request) => ({
      data: await request.services.learning.getLessonContent(request.viewer?.id ?? null, request.query.id),
    }),
  );

  app.patch(
    '/api/user/lesson/learning_log.json',
    {
      schema: {
        tags,
        summary:
          'Ghi nhật ký học: vị trí (giây), số giây đã xem, hoàn thành. Gọi lại nhiều lần vẫn đúng; vị trí xa nhất được giữ, điểm học tiếp theo lần ghi có `client_time` mới nhất',
        security,
        body: learningLogBody,
        response: { 200: envelope(learningLogResult) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await request.services.learning.writeLog(viewer.id, request.body) };
    },
  );

  app.get(
    '/api/user/course/my.json',
    {
      schema: {
        tags,
        summary: 'Khóa học của tôi: tiến độ, bài học gần nhất, hạn học (hết hạn), đường dẫn học tiếp',
        security,
        querystring: z.object({ state: z.enum(['in_progress', 'completed', 'expired']).optional() }),
        response: { 200: envelope(z.array(myCourseSchema)) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const courses = await request.services.learning.listMyCourses(viewer.id);
      const { state } = request.query;
      return { data: state ? courses.filter((course) => course.state === state) : courses };
    },
  );
};
