import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMeta, publicPageQuery } from '../../kernel/http/index.ts';
import { SEARCH_KINDS, SEARCH_SORTS } from './search.service.ts';

const searchQuery = publicPageQuery.extend({
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
              suggestion: z
                .string()
                .nullable()
                .describe(
                  'Truy vấn đã sửa (lỗi gõ, Telex/VNI, từ viết liền) khi truy vấn gõ vào không tìm thấy gì; kết quả là của truy vấn này ("Bạn có muốn tìm: …"). null khi không sửa.',
                ),
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
        meta: {
          page,
          limit,
          total: result.total,
          facets: result.facets,
          capped: result.capped,
          suggestion: result.suggestion,
        },
      };
    },
  );

  app.get(
    '/api/user/search/suggest.json',
    {
      schema: {
        tags: ['search'],
        summary: 'Gợi ý khi gõ: tiêu đề khớp các từ đang gõ (từ cuối là tiền tố), có sửa lỗi gõ như tìm kiếm',
        querystring: z.object({
          q: z.string().max(200, 'Từ khóa tối đa 200 ký tự.'),
          limit: z.coerce
            .number()
            .int('Số mục phải là số nguyên.')
            .min(1, 'Ít nhất 1 mục.')
            .max(10, 'Tối đa 10 mục.')
            .default(6),
        }),
        response: {
          200: z.object({
            data: z.array(z.object({ kind: z.enum(SEARCH_KINDS), title: z.string(), url: z.string() })),
            meta: z.object({
              suggestion: z.string().nullable().describe('Truy vấn đã sửa khi các từ gõ vào không khớp tiêu đề nào.'),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { items, suggestion } = await request.services.search.suggest(request.query.q, request.query.limit);
      return { data: items, meta: { suggestion } };
    },
  );
};
