import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { courseListItemSchema, slugParam } from '../catalog/catalog.schemas.ts';
import { promotionSchema } from '../promotions/promotions.routes.ts';

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/campaign/data.json',
    {
      schema: {
        tags: ['promotions'],
        summary: 'Dữ liệu trang chiến dịch: các khóa học và ưu đãi của chiến dịch (404 khi không có hoặc đã kết thúc)',
        body: z.object({ slug: slugParam }),
        response: {
          200: envelope(
            z.object({
              campaign: z.object({
                slug: z.string(),
                name: z.string(),
                description: z.string().nullable(),
                starts_at: z.string(),
                ends_at: z.string().nullable(),
              }),
              courses: z.array(courseListItemSchema),
              promotions: z.array(promotionSchema),
            }),
          ),
        },
      },
    },
    async (request) => ({ data: await request.services.campaigns.getData(request.body.slug) }),
  );
};
