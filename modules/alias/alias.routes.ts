/** alias.json: a slug or a path → the entity and its canonical URL (the catch-all page of SPEC §2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { addPublicCaching } from '../../kernel/http/public-cache.ts';

const tags = ['catalog'];

export const aliasRoutes: FastifyPluginAsyncZod = async (app) => {
  addPublicCaching(app);
  app.get(
    '/api/user/alias.json',
    {
      schema: {
        tags,
        summary:
          'Phân giải một slug hoặc đường dẫn hai đoạn thành đối tượng (khóa học, danh mục, bài viết…) và URL chuẩn',
        querystring: z
          .object({ path: z.string().max(1000).optional(), slug: z.string().max(500).optional() })
          .refine((value) => Boolean(value.path?.trim() || value.slug?.trim()), {
            message: 'Cần đường dẫn (path) hoặc slug.',
            path: ['path'],
          }),
        response: {
          200: envelope(
            z.object({
              type: z.string(),
              id: z.number().int().nullable(),
              slug: z.string(),
              title: z.string(),
              url: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => ({
      data: await request.services.alias.resolve(request.query.path ?? request.query.slug ?? ''),
    }),
  );
};
