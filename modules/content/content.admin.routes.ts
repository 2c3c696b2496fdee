/**
 * The studio's content API under /api/admin/: posts of every type (solutions are posts of type
 * `solution`), hashtags and generic pages. Every route needs `content.write`; lists take
 * `?format=csv`. The studio's permission check arrives as `actorOf` (server/routes.ts), like its audit
 * log does for the service; 401 / 403 come before the input is read. The plugins are registered
 * between the studio's categories and help articles (server/routes.ts), in the OpenAPI document's
 * order of paths; `registerPublishRoutes` and `registerDocumentRoutes` serve help articles too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes, idParams, sendCsv } from '../../kernel/http/index.ts';
import * as schemas from './content.admin.schemas.ts';

const config = { permission: 'content.write' as const };
const tags = ['admin'];
const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });
const { deletedSchema } = schemas;
const published = (status: 'published' | 'draft' | undefined) =>
  status === undefined ? undefined : status === 'published';

/** The studio's actor, as the composition root typed the content's studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['contentAdmin']['createPost']>[0];

export interface ContentAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** POST /api/admin/{path}/:id/publish.json and …/unpublish.json of one kind of document. */
export function registerPublishRoutes(
  app: FastifyInstance,
  path: string,
  noun: string,
  response: z.ZodType,
  run: (request: FastifyRequest, id: number, on: boolean) => Promise<unknown>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const on of [true, false]) {
    typed.post(
      `/api/admin/${path}/:id/${on ? 'publish' : 'unpublish'}.json`,
      {
        config,
        schema: schema(`${on ? 'Xuất bản' : 'Ngừng xuất bản'} ${noun}; ghi nhật ký`, {
          params: idParams,
          response: { 200: envelope(response) },
        }),
      },
      async (request) => ({ data: await run(request, request.params.id, on) }),
    );
  }
}

/** Create, read, update and delete of a help article or a page. */
export function registerDocumentRoutes(
  app: FastifyInstance,
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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const one = { 200: envelope(response) };
  typed.post(
    `/api/admin/${path}.json`,
    {
      config,
      schema: schema(`Tạo ${noun} (bản nháp; nội dung được lọc HTML); ghi nhật ký`, { body, response: one }),
    },
    async (request) => ({ data: await run.save(request, null, request.body) }),
  );
  typed.get(
    `/api/admin/${path}/:id.json`,
    { config, schema: schema(`Chi tiết ${noun} (cả bản nháp)`, { params: idParams, response: one }) },
    async (request) => ({ data: await run.detail(request, request.params.id) }),
  );
  typed.put(
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
  typed.delete(
    `/api/admin/${path}/:id.json`,
    { config, schema: schema(`Xóa ${noun}; ghi nhật ký`, { params: idParams, response: { 200: deletedSchema } }) },
    async (request) => ({ data: await run.remove(request, request.params.id) }),
  );
}

/** Posts: list (+CSV), create, read, update, delete, publish and unpublish. */
export const contentAdminPostRoutes: FastifyPluginAsyncZod<ContentAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
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
      const content = request.services.contentAdmin;
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
    async (request) => ({ data: await request.services.contentAdmin.createPost(actorOf(request), request.body) }),
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
    async (request) => ({ data: await request.services.contentAdmin.postDetail(request.params.id) }),
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
      data: await request.services.contentAdmin.updatePost(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/posts/:id.json',
    { config, schema: schema('Xóa bài viết; ghi nhật ký', { params: idParams, response: { 200: deletedSchema } }) },
    async (request) => ({ data: await request.services.contentAdmin.deletePost(actorOf(request), request.params.id) }),
  );
  registerPublishRoutes(app, 'posts', 'bài viết', schemas.postSchema, (r, id, on) =>
    r.services.contentAdmin.setPostPublished(actorOf(r), id, on),
  );
};

/** Publish and unpublish of generic pages (listed after the help articles' in the document). */
export const contentAdminPagePublishRoutes: FastifyPluginAsyncZod<ContentAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
  guardAdminRoutes(app, actorOf);
  registerPublishRoutes(app, 'pages', 'trang', schemas.pageSchema, (r, id, on) =>
    r.services.contentAdmin.setPagePublished(actorOf(r), id, on),
  );
};

/** Hashtags: list (+CSV), create, rename, delete, merge. */
export const contentAdminTagRoutes: FastifyPluginAsyncZod<ContentAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
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
      const content = request.services.contentAdmin;
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
    async (request) => ({ data: await request.services.contentAdmin.saveTag(actorOf(request), null, request.body) }),
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
      data: await request.services.contentAdmin.saveTag(actorOf(request), request.params.id, request.body),
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
    async (request) => ({ data: await request.services.contentAdmin.deleteTag(actorOf(request), request.params.id) }),
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
      data: await request.services.contentAdmin.mergeTag(actorOf(request), request.params.id, request.body.into_id),
    }),
  );
};

/** Generic pages: list (+CSV), create, read, update, delete. */
export const contentAdminPageRoutes: FastifyPluginAsyncZod<ContentAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
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
      const pages = request.services.contentAdmin;
      if (format === 'csv') return sendCsv(reply, 'trang', await pages.pagesCsv(query));
      const { items, total } = await pages.listPages(query);
      return { data: items, meta: { page: rest.page, limit: rest.limit, total } };
    },
  );
  registerDocumentRoutes(app, 'pages', 'trang', schemas.pageInput, schemas.pageSchema, {
    detail: (r, id) => r.services.contentAdmin.pageDetail(id),
    save: (r, id, body) => r.services.contentAdmin.savePage(actorOf(r), id, body as schemas.PageInput),
    remove: (r, id) => r.services.contentAdmin.deletePage(actorOf(r), id),
  });
};
