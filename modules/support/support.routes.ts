import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, listEnvelope, publicPageQuery } from '../../kernel/http/index.ts';
import { detailsQuery } from '../catalog/catalog.schemas.ts';
import { addPublicCaching } from '../../kernel/http/public-cache.ts';
import {
  cellularInput,
  contactInput,
  supportDetailsSchema,
  supportItemSchema,
  supportLikeBody,
  supportListQuery,
} from './support.schemas.ts';

const tags = ['support'];

/** support.json (GET list, POST contact), support/details.json, support/like.json, user_support.json. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  addPublicCaching(app);

  app.get(
    '/api/user/support.json',
    {
      schema: {
        tags,
        summary: 'Bài viết hỗ trợ theo danh mục (product, policy, guide) hoặc từ khóa',
        querystring: publicPageQuery.extend(supportListQuery.shape),
        response: { 200: listEnvelope(supportItemSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.support.listArticles(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.get(
    '/api/user/support/details.json',
    {
      schema: {
        tags,
        summary: 'Chi tiết bài viết hỗ trợ theo id hoặc slug',
        querystring: detailsQuery,
        response: { 200: envelope(supportDetailsSchema) },
      },
    },
    async (request) => ({ data: await request.services.support.getArticle(request.query) }),
  );

  app.patch(
    '/api/user/support/like.json',
    {
      schema: {
        tags,
        summary: '“Bài viết này có hữu ích không?” — helpful: true (có) hoặc false (không)',
        body: supportLikeBody,
        response: {
          200: envelope(
            z.object({ id: z.number().int(), helpful_count: z.number().int(), not_helpful_count: z.number().int() }),
          ),
        },
      },
    },
    async (request) => ({
      data: await request.services.support.voteArticle(request.body.id, request.body.helpful),
    }),
  );

  app.post(
    '/api/user/support.json',
    {
      schema: {
        tags,
        summary: 'Gửi yêu cầu hỗ trợ / liên hệ (họ tên, số điện thoại hoặc thư điện tử, nội dung)',
        body: contactInput,
        response: { 201: envelope(z.object({ id: z.number().int(), status: z.string() })) },
      },
    },
    async (request, reply) => {
      const data = await request.services.support.createContactRequest(request.body, request.viewer?.id ?? null);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/user/user_support.json',
    {
      schema: {
        tags,
        summary: 'Báo cáo điều hướng của thuê bao di động: info = base64 của đường dẫn hiện tại',
        body: cellularInput,
        response: { 201: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const data = await request.services.support.recordCellularVisit(request.body.info, request.viewer?.id ?? null);
      return reply.status(201).send({ data });
    },
  );
};
