import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { optionalPlainText, rowId } from '../learning/extras.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const courseId = rowId('Khóa học không hợp lệ.');

const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['courses'];

  app.get(
    '/api/user/course/vote.json',
    {
      schema: {
        tags,
        summary: 'Đánh giá của tôi cho một khóa học (null khi chưa có) và tôi có được đánh giá không',
        querystring: z.object({ course_id: courseId }),
        response: { 200: envelope(z.object({ can_review: z.boolean(), review: reviewSchema.nullable() })) },
      },
    },
    async (request) => ({
      data: await request.services.reviews.mine(requireApiViewer(request).id, request.query.course_id),
    }),
  );

  app.post(
    '/api/user/course/vote.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary:
          'Đánh giá khóa học (1–5 sao và nhận xét); chỉ học viên đã đăng ký; mỗi học viên một đánh giá, gửi lại là sửa',
        body: z.object({
          course_id: courseId,
          rating: z
            .number({ error: 'Vui lòng chọn số sao.' })
            .int('Vui lòng chọn số sao.')
            .min(1, 'Vui lòng chọn từ 1 đến 5 sao.')
            .max(5, 'Vui lòng chọn từ 1 đến 5 sao.'),
          comment: optionalPlainText(2000, 'Nhận xét tối đa 2000 ký tự.'),
        }),
        response: {
          200: envelope(
            z.object({
              course_id: z.number().int(),
              updated: z.boolean(),
              review: reviewSchema,
              rating_avg: z.number(),
              rating_count: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => ({
      data: await request.services.reviews.vote(requireApiViewer(request), request.body),
    }),
  );
};
