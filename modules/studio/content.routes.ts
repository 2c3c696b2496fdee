/**
 * Studio content under /api/admin/: posts of every type (solutions are posts of type `solution`),
 * categories of posts and help articles, hashtags, help articles and generic pages. Every route
 * needs `content.write`; lists take `?format=csv`.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, sendCsv } from '../../kernel/http/index.ts';
import * as schemas from './content.schemas.ts';
import { requirePermission } from './permissions.ts';
import type { Actor } from './studio.service.ts';

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const config = { permission: 'content.write' as const };
const tags = ['admin'];
const published = (status: 'published' | 'draft' | undefined) =>
  status === undefined ? undefined : status === 'published';

function actorOf(request: FastifyRequest): Actor {
  return { viewer: requirePermission(request.viewer, 'content.write'), ip: request.ip ?? null };
}

export const studioContentRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 / 403 before the input is read.
  app.addHook('onRequest', async (request) => {
    requirePermission(request.viewer, 'content.write');
  });
  const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });
  const { idParams, deletedSchema } = schemas;

  // ── Posts ──
  app.get(
    '/api/admin/posts.json',
    {
      config,
      schema: schema(
        'Bài viết mọi loại (tin tức, cổng thi, giải pháp, trang đích, cảm nhận, giới thiệu): tìm theo tiêu đề có/không dấu, lọc loại, trạng thái, danh mục; sắp xếp; ?format=csv',
        { querystring: schemas.postsQuery, response: { 200: schemas.postListSchema } },
      ),
    },
    async (request, reply) => {
      const { format, q, status, category_id, ...rest } = request.query;
      const query = { ...rest, q, published: published(status), categoryId: category_id };
      const content = request.services.studioContent;
      if (format === 'csv') return sendCsv(reply, 'bai-viet', await content.postsCsv(query));
      const { items, total } = await content.listPosts(query);
      return { data: items, meta: { page: rest.page, limit: rest.limit, total } };
    },
  );
  app.post(
    '/api/admin/posts.json',
    {
      config,
      schema: schema('Tạo bài viết (bản nháp; nội dung được lọc HTML; hashtag mới được tạo); ghi nhật ký', {
        body: schemas.postInput,
        response: { 200: envelope(schemas.postSchema) },
      }),
    },
    async (request) => ({ data: await request.services.studioContent.createPost(actorOf(request), request.body) }),
  );
  app.get(
    '/api/admin/posts/:id.json',
    {
      config,
      schema: schema('Chi tiết bài viết (cả bản nháp)', {
        params: idParams,
        response: { 200: envelope(schemas.postSchema) },
      }),
    },
    async (request) => ({ data: await request.services.studioContent.postDetail(request.params.id) }),
  );
  app.put(
    '/api/admin/posts/:id.json',
    {
      config,
      schema: schema('Sửa bài viết (đường dẫn để trống thì giữ nguyên); ghi nhật ký', {
        params: idParams,
        body: schemas.postInput,
        response: { 200: envelope(schemas.postSchema) },
      }),
    },
    async (request) => ({
      data: await request.services.studioContent.updatePost(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/posts/:id.json',
    { config, schema: schema('Xóa bài viết; ghi nhật ký', { params: idParams, response: { 200: deletedSchema } }) },
    async (request) => ({ data: await request.services.studioContent.deletePost(actorOf(request), request.params.id) }),
  );

  // ── Publish / unpublish: posts, help articles, pages ──
  const publishers = {
    posts: [
      schemas.postSchema,
      'bài viết',
      (r: FastifyRequest, id: number, on: boolean) => r.services.studioContent.setPostPublished(actorOf(r), id, on),
    ],
    'support-articles': [
      schemas.articleSchema,
      'bài trợ giúp',
      (r: FastifyRequest, id: number, on: boolean) => r.services.supportAdmin.setArticlePublished(actorOf(r), id, on),
    ],
    pages: [
      schemas.pageSchema,
      'trang',
      (r: FastifyRequest, id: number, on: boolean) => r.services.studioPages.setPagePublished(actorOf(r), id, on),
    ],
  } as const;
  for (const [path, [response, noun, run]] of Object.entries(publishers)) {
    for (const on of [true, false]) {
      app.post(
        `/api/admin/${path}/:id/${on ? 'publish' : 'unpublish'}.json`,
        {
          config,
          schema: schema(`${on ? 'Xuất bản' : 'Ngừng xuất bản'} ${noun}; ghi nhật ký`, {
            params: idParams,
            response: { 200: envelope(response as z.ZodType) },
          }),
        },
        async (request) => ({ data: await run(request, request.params.id, on) }),
      );
    }
  }

  // ── Categories ──
  app.get(
    '/api/admin/categories.json',
    {
      config,
      schema: schema('Danh mục bài viết và trợ giúp (kèm số bài); ?format=csv', {
        querystring: schemas.categoriesQuery,
        response: { 200: schemas.categoryListSchema },
      }),
    },
    async (request, reply) => {
      const { type, q, format } = request.query;
      const pages = request.services.studioPages;
      if (format === 'csv') return sendCsv(reply, 'danh-muc', await pages.categoriesCsv(type, q));
      return { data: await pages.listCategories(type, q) };
    },
  );
  app.post(
    '/api/admin/categories.json',
    {
      config,
      schema: schema('Tạo danh mục bài viết hoặc trợ giúp; ghi nhật ký', {
        body: schemas.categoryInput,
        response: { 200: envelope(schemas.categorySchema) },
      }),
    },
    async (request) => ({
      data: await request.services.studioPages.saveCategory(actorOf(request), null, request.body),
    }),
  );
  app.put(
    '/api/admin/categories/:id.json',
    {
      config,
      schema: schema('Sửa danh mục; ghi nhật ký', {
        params: idParams,
        body: schemas.categoryInput,
        response: { 200: envelope(schemas.categorySchema) },
      }),
    },
    async (request) => ({
      data: await request.services.studioPages.saveCategory(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/categories/:id.json',
    {
      config,
      schema: schema('Xóa danh mục trống; ghi nhật ký', { params: idParams, response: { 200: deletedSchema } }),
    },
    async (request) => ({
      data: await request.services.studioPages.deleteCategory(actorOf(request), request.params.id),
    }),
  );

  // ── Hashtags ──
  app.get(
    '/api/admin/tags.json',
    {
      config,
      schema: schema('Hashtag (kèm số bài viết): tìm theo tên có/không dấu; ?format=csv', {
        querystring: schemas.tagsQuery,
        response: { 200: schemas.tagListSchema },
      }),
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const content = request.services.studioContent;
      if (format === 'csv') return sendCsv(reply, 'hashtag', await content.tagsCsv(query.q));
      const { items, total } = await content.listTags(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );
  app.post(
    '/api/admin/tags.json',
    {
      config,
      schema: schema('Tạo hashtag; ghi nhật ký', {
        body: schemas.tagInput,
        response: { 200: envelope(schemas.tagSchema) },
      }),
    },
    async (request) => ({ data: await request.services.studioContent.saveTag(actorOf(request), null, request.body) }),
  );
  app.put(
    '/api/admin/tags/:id.json',
    {
      config,
      schema: schema('Đổi tên hashtag; ghi nhật ký', {
        params: idParams,
        body: schemas.tagInput,
        response: { 200: envelope(schemas.tagSchema) },
      }),
    },
    async (request) => ({
      data: await request.services.studioContent.saveTag(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/tags/:id.json',
    {
      config,
      schema: schema('Xóa hashtag (gỡ khỏi mọi bài viết); ghi nhật ký', {
        params: idParams,
        response: { 200: deletedSchema },
      }),
    },
    async (request) => ({ data: await request.services.studioContent.deleteTag(actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/admin/tags/:id/merge.json',
    {
      config,
      schema: schema('Gộp hashtag vào một hashtag khác (các bài viết chuyển sang, hashtag này bị xóa); ghi nhật ký', {
        params: idParams,
        body: schemas.tagMergeInput,
        response: { 200: deletedSchema },
      }),
    },
    async (request) => ({
      data: await request.services.studioContent.mergeTag(actorOf(request), request.params.id, request.body.into_id),
    }),
  );

  // ── Help articles ──
  app.get(
    '/api/admin/support-articles.json',
    {
      config,
      schema: schema('Bài trợ giúp: tìm theo tiêu đề có/không dấu, lọc trạng thái, danh mục; ?format=csv', {
        querystring: schemas.articlesQuery,
        response: { 200: schemas.articleListSchema },
      }),
    },
    async (request, reply) => {
      const { format, status, category_id, ...rest } = request.query;
      const query = { ...rest, published: published(status), categoryId: category_id };
      const articles = request.services.supportAdmin;
      if (format === 'csv') return sendCsv(reply, 'tro-giup', await articles.articlesCsv(query));
      const { items, total } = await articles.listArticles(query);
      return { data: items, meta: { page: rest.page, limit: rest.limit, total } };
    },
  );
  documentRoutes('support-articles', 'bài trợ giúp', schemas.articleInput, schemas.articleSchema, {
    detail: (r, id) => r.services.supportAdmin.articleDetail(id),
    save: (r, id, body) => r.services.supportAdmin.saveArticle(actorOf(r), id, body as schemas.ArticleInput),
    remove: (r, id) => r.services.supportAdmin.deleteArticle(actorOf(r), id),
  });

  // ── Generic pages ──
  app.get(
    '/api/admin/pages.json',
    {
      config,
      schema: schema('Trang nội dung (/{đường-dẫn}): tìm theo tiêu đề có/không dấu, lọc trạng thái; ?format=csv', {
        querystring: schemas.pagesQuery,
        response: { 200: schemas.pageListSchema },
      }),
    },
    async (request, reply) => {
      const { format, status, ...rest } = request.query;
      const query = { ...rest, published: published(status) };
      const pages = request.services.studioPages;
      if (format === 'csv') return sendCsv(reply, 'trang', await pages.pagesCsv(query));
      const { items, total } = await pages.listPages(query);
      return { data: items, meta: { page: rest.page, limit: rest.limit, total } };
    },
  );
  documentRoutes('pages', 'trang', schemas.pageInput, schemas.pageSchema, {
    detail: (r, id) => r.services.studioPages.pageDetail(id),
    save: (r, id, body) => r.services.studioPages.savePage(actorOf(r), id, body as schemas.PageInput),
    remove: (r, id) => r.services.studioPages.deletePage(actorOf(r), id),
  });

  /** Create, read, update and delete of a help article or a page. */
  function documentRoutes(
    path: string,
    noun: string,
    body: z.ZodType,
    response: z.ZodType,
    run: {
      detail: (r: FastifyRequest, id: number) => Promise<unknown>;
      save: (r: FastifyRequest, id: number | null, body: unknown) => Promise<unknown>;
      remove: (r: FastifyRequest, id: number) => Promise<{ id: number; deleted: true }>;
    },
  ) {
    const one = { 200: envelope(response) };
    app.post(
      `/api/admin/${path}.json`,
      {
        config,
        schema: schema(`Tạo ${noun} (bản nháp; nội dung được lọc HTML); ghi nhật ký`, { body, response: one }),
      },
      async (request) => ({ data: await run.save(request, null, request.body) }),
    );
    app.get(
      `/api/admin/${path}/:id.json`,
      { config, schema: schema(`Chi tiết ${noun} (cả bản nháp)`, { params: idParams, response: one }) },
      async (request) => ({ data: await run.detail(request, request.params.id) }),
    );
    app.put(
      `/api/admin/${path}/:id.json`,
      {
        config,
        schema: schema(`Sửa ${noun} (đường dẫn để trống thì giữ nguyên); ghi nhật ký`, {
          params: idParams,
          body,
          response: one,
        }),
      },
      async (request) => ({ data: await run.save(request, request.params.id, request.body) }),
    );
    app.delete(
      `/api/admin/${path}/:id.json`,
      { config, schema: schema(`Xóa ${noun}; ghi nhật ký`, { params: idParams, response: { 200: deletedSchema } }) },
      async (request) => ({ data: await run.remove(request, request.params.id) }),
    );
  }
};
