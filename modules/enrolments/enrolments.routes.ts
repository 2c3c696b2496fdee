import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const enrolInput = z
  .object({
    course_id: z.number({ error: 'Khóa học không hợp lệ.' }).int().min(1).max(2_147_483_647).optional(),
    slug: z.string({ error: 'Khóa học không hợp lệ.' }).trim().min(1).max(200).optional(),
  })
  .refine((value) => value.course_id !== undefined || value.slug !== undefined, {
    path: ['course_id'],
    message: 'Vui lòng chọn khóa học.',
  });

export const enrolmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/course/enrol.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags: ['courses'],
        summary:
          '“Vào học” một khóa học miễn phí: ghi danh ngay, không cần đơn hàng (gọi lại nhiều lần vẫn một lần ghi danh)',
        body: enrolInput,
        response: {
          200: envelope(
            z.object({ course_id: z.number().int(), slug: z.string(), already: z.boolean(), study_url: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const { course_id: id, slug } = request.body;
      return {
        data: await request.services.enrolments.enrolFree(viewer.id, id !== undefined ? { id } : { slug: slug! }),
      };
    },
  );
};
