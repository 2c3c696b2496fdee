import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, listEnvelope, publicPageQuery } from '../../kernel/http/index.ts';
import { flag, idParam, slugParam } from '../catalog/catalog.schemas.ts';
import { addPublicCaching } from '../../kernel/http/public-cache.ts';

const tags = ['content'];
const postTypes = z.enum(['post', 'exam_gate', 'solution', 'landing_page', 'feedback', 'intro']);
const tagSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

const postItemSchema = z.object({
  id: z.number().int(),
  type: postTypes,
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  thumbnail: z.string().nullable(),
  author_name: z.string().nullable(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  tags: z.array(tagSchema),
  is_featured: z.boolean(),
  view_count: z.number().int(),
  published_at: z.string().nullable(),
});

const mediaSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  title: z.string(),
  url: z.string(),
  link_url: z.string().nullable(),
  description: z.string().nullable(),
  index: z.number().int().nullable(),
});

/** post.json, post/details.json, tag.json, media.json (SPEC §7). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  addPublicCaching(app);

  app.get(
    '/api/user/post.json',
    {
      schema: {
        tags,
        summary: 'Bài viết theo loại (post, exam_gate, solution, landing_page, feedback, intro), danh mục, hashtag',
        querystring: publicPageQuery.extend({
          type: postTypes.optional(),
          category: slugParam.optional(),
          tag: slugParam.optional(),
          featured: flag.optional(),
          keyword: z.string().max(200, 'Từ khóa tối đa 200 ký tự.').optional(),
        }),
        response: { 200: listEnvelope(postItemSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.content.listPosts(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.get(
    '/api/user/post/details.json',
    {
      schema: {
        tags,
        summary: 'Chi tiết bài viết theo id hoặc slug (kèm hashtag và bài liên quan)',
        querystring: z
          .object({ id: idParam.optional(), slug: slugParam.optional(), type: postTypes.optional() })
          .refine((value) => value.id !== undefined || value.slug !== undefined, {
            message: 'Cần mã (id) hoặc đường dẫn (slug).',
            path: ['slug'],
          }),
        response: {
          200: envelope(
            postItemSchema.extend({ content: z.string(), updated_at: z.string(), related: z.array(postItemSchema) }),
          ),
        },
      },
    },
    async (request) => {
      const { id, slug, type } = request.query;
      return { data: await request.services.content.getPost({ id, slug, types: type ? [type] : undefined }) };
    },
  );

  app.get(
    '/api/user/tag.json',
    {
      schema: {
        tags,
        summary: 'Hashtag phổ biến (kèm số bài viết)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) }),
        response: { 200: envelope(z.array(tagSchema.extend({ post_count: z.number().int() }))) },
      },
    },
    async (request) => ({ data: await request.services.content.listTags(request.query.limit) }),
  );

  app.get(
    '/api/user/media.json',
    {
      schema: {
        tags,
        summary: 'Danh sách media (đối tác, báo chí…) theo chỉ số thứ tự (index) nếu có',
        querystring: publicPageQuery.extend({
          group: z
            .string()
            .max(50)
            .regex(/^[a-z0-9_-]+$/, 'Nhóm media không hợp lệ.')
            .optional(),
        }),
        response: { 200: listEnvelope(mediaSchema) },
      },
    },
    async (request) => {
      const { group, page, limit } = request.query;
      const { items, total } = await request.services.content.listMedia(group, page, limit);
      return { data: items, meta: { page, limit, total } };
    },
  );
};
