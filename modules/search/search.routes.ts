import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMeta, pageQuery } from '../catalog/catalog.schemas.ts';
import { SEARCH_KINDS, SEARCH_SORTS } from './search.service.ts';

const searchQuery = pageQuery.extend({
  q: z.string().max(200, 'Từ khóa tối đa 200 ký tự.'),
  kind: z.enum(SEARCH_KINDS).optional(),
  sort: z.enum(SEARCH_SORTS).optional(),
});

const hitSchema = z.object({
  kind: z.enum(['course', 'post', 'support']),
  id: z.number().int(),
  subtype: z.string().nullable(),
  title: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  title_html: z.string(),
  snippet_html: z.string(),
  published_at: z.string().nullable(),
});

/** GET /api/user/search.json — the search the /tim-kiem/{slug} page shows (not in SPEC §7; documented). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/search.json',
    {
      schema: {
        tags: ['search'],
        summary: 'Tìm kiếm khóa học, tin tức và bài hỗ trợ (không dấu, tiền tố, sắp xếp, đếm theo loại)',
        querystring: searchQuery,
        response: {
          200: z.object({
            data: z.array(hitSchema),
            meta: listMeta.extend({
              facets: z.object({ course: z.number(), post: z.number(), support: z.number() }),
              /** More documents match than are ranked: total and facets are lower bounds. */
              capped: z.boolean(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { q, kind, sort, page, limit } = request.query;
      const result = await request.services.search.search({
        q,
        kind,
        sort,
        page,
        limit,
      });
      return {
        data: result.items,
        meta: { page, limit, total: result.total, facets: result.facets, capped: result.capped },
      };
    },
  );
};
