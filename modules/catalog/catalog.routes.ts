import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  courseDetailsSchema,
  courseListItemSchema,
  courseListQuery,
  detailsQuery,
  idParam,
  priceRangeSchema,
  reviewSchema,
  slugParam,
  subjectLikeBody,
  subjectSchema,
  teacherSchema,
} from './catalog.schemas.ts';
import type { CourseList } from './course.service.ts';
import { envelope, listEnvelope, publicPageQuery, requireApiViewer } from '../../kernel/http/index.ts';
import { addPublicCaching, sendEncoded, serializeWith } from '../../kernel/http/public-cache.ts';

const tags = ['catalog'];

/** Catalog endpoints of SPEC §7 (category, subject, price_range, course, subject/like) plus teachers and reviews; lessons are the learning module's. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  addPublicCaching(app);

  app.get(
    '/api/user/category.json',
    {
      schema: {
        tags,
        summary: 'Danh mục theo loại: course (mặc định), post, support',
        querystring: z.object({ type: z.enum(['course', 'post', 'support']).default('course') }),
        response: { 200: envelope(z.array(categorySchema)) },
      },
    },
    async (request) => ({ data: await request.services.catalog.listCategories(request.query.type) }),
  );

  app.get(
    '/api/user/subject.json',
    {
      schema: {
        tags,
        summary: 'Chủ đề (lĩnh vực, chủ đề); `liked` cho người đã đăng nhập; `liked=1` chỉ chủ đề đang quan tâm',
        querystring: z.object({ type: z.enum(['field', 'topic']).optional(), liked: z.enum(['0', '1']).optional() }),
        response: { 200: envelope(z.array(subjectSchema)) },
      },
    },
    async (request) => {
      const viewerId = request.query.liked === '1' ? requireApiViewer(request).id : request.viewer?.id;
      const subjects = await request.services.catalog.listSubjects({ type: request.query.type, viewerId });
      return { data: request.query.liked === '1' ? subjects.filter((subject) => subject.liked) : subjects };
    },
  );

  for (const method of ['PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/user/subject/like.json',
      schema: {
        tags,
        summary: method === 'PATCH' ? 'Theo dõi một chủ đề quan tâm' : 'Bỏ theo dõi một chủ đề quan tâm',
        security: [{ bearer: [] }, { cookie: [] }],
        body: subjectLikeBody,
        response: { 200: envelope(subjectSchema) },
      },
      handler: async (request) => {
        const viewerId = requireApiViewer(request).id;
        const subject = await request.services.catalog.setSubjectLike(
          viewerId,
          request.body.subject_id,
          method === 'PATCH',
        );
        return { data: subject };
      },
    });
  }

  app.get(
    '/api/user/price_range.json',
    {
      schema: {
        tags,
        summary: 'Các khoảng giá để lọc khóa học',
        response: { 200: envelope(z.array(priceRangeSchema)) },
      },
    },
    async (request) => ({ data: request.services.course.listPriceRanges() }),
  );

  app.get(
    '/api/user/course.json',
    {
      schema: {
        tags,
        summary:
          'Danh sách khóa học: lọc theo danh mục, chủ đề, loại, nền tảng, khoảng giá, miễn phí, nổi bật; sắp xếp',
        querystring: courseListQuery,
        response: { 200: listEnvelope(courseListItemSchema) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const envelope = ({ items, total }: CourseList) => ({
        data: items,
        meta: { page: query.page, limit: query.limit, total },
      });
      if (request.viewer) return envelope(await request.services.course.listCourses(query));
      const serialize = serializeWith(reply);
      const answer = await request.services.course.listCoursesAnswer(query, (list) => serialize(envelope(list)));
      return sendEncoded(request, reply, answer);
    },
  );

  app.get(
    '/api/user/course/details.json',
    {
      schema: {
        tags,
        summary: 'Chi tiết khóa học theo id hoặc slug: gói, giáo trình, đánh giá, khóa liên quan, khóa con (combo)',
        querystring: detailsQuery,
        response: { 200: envelope(courseDetailsSchema) },
      },
    },
    async (request, reply) => {
      if (request.viewer) {
        return { data: await request.services.course.getCourseDetails(request.query, request.viewer.id) };
      }
      const serialize = serializeWith(reply);
      const answer = await request.services.course.getCourseDetailsAnswer(request.query, (data) => serialize({ data }));
      return sendEncoded(request, reply, answer);
    },
  );

  app.get(
    '/api/user/course/review.json',
    {
      schema: {
        tags,
        summary: 'Đánh giá của học viên về một khóa học (mới nhất trước)',
        querystring: publicPageQuery.extend({ course_id: idParam.optional(), slug: slugParam.optional() }),
        response: { 200: listEnvelope(reviewSchema) },
      },
    },
    async (request) => {
      const { course_id, slug, page, limit } = request.query;
      const { items, total } = await request.services.course.listReviews({ id: course_id, slug }, page, limit);
      return { data: items, meta: { page, limit, total } };
    },
  );

  app.get(
    '/api/user/course/viewed.json',
    {
      schema: {
        tags,
        summary: 'Khóa học người dùng đã xem gần đây',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: envelope(z.array(courseListItemSchema)) },
      },
    },
    async (request) => ({
      data: await request.services.course.listViewedCourses(requireApiViewer(request).id),
    }),
  );

  app.get(
    '/api/user/teacher.json',
    {
      schema: {
        tags,
        summary: 'Danh sách giảng viên',
        querystring: publicPageQuery,
        response: { 200: listEnvelope(teacherSchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await request.services.catalog.listTeachers(page, limit);
      return { data: items, meta: { page, limit, total } };
    },
  );

  app.get(
    '/api/user/teacher/details.json',
    {
      schema: {
        tags,
        summary: 'Hồ sơ giảng viên và các khóa học của giảng viên',
        querystring: detailsQuery,
        response: { 200: envelope(teacherSchema.extend({ courses: z.array(courseListItemSchema) })) },
      },
    },
    async (request) => {
      const teacher = await request.services.catalog.getTeacher(request.query);
      const { items } = await request.services.course.listCourses({ teacher: teacher.slug, page: 1, limit: 100 });
      return { data: { ...teacher, courses: items } };
    },
  );
};
