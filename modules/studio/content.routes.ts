/**
 * The studio's categories (of posts and help articles) and help articles under /api/admin/. Every
 * route needs `content.write`; lists take `?format=csv`. Posts, hashtags and generic pages are
 * content's (modules/content/content.admin.routes.ts): server/routes.ts registers these plugins
 * between content's, in the OpenAPI document's order of paths.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, idParams, sendCsv } from '../../kernel/http/index.ts';
import { registerDocumentRoutes, registerPublishRoutes } from '../content/index.ts';
import { deletedSchema } from '../content/public.ts';
import * as schemas from './content.schemas.ts';
import { requirePermission } from './permissions.ts';
import type { Actor } from './studio.service.ts';

const config = { permission: 'content.write' as const };
const tags = ['admin'];
const published = (status: 'published' | 'draft' | undefined) =>
  status === undefined ? undefined : status === 'published';
const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });

function actorOf(request: FastifyRequest): Actor {
  return { viewer: requirePermission(request.viewer, 'content.write'), ip: request.ip ?? null };
}

/** Publish and unpublish of help articles (between the posts' and the pages' in the document); 401 / 403 first. */
export const studioArticlePublishRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, actorOf);
  registerPublishRoutes(app, 'support-articles', 'bài trợ giúp', schemas.articleSchema, (r, id, on) =>
    r.services.supportAdmin.setArticlePublished(actorOf(r), id, on),
  );
};

/** Categories of posts and help articles: list (+CSV), create, update, delete the empty ones. */
export const studioCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, actorOf);
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
      const categories = request.services.studioCategories;
      if (format === 'csv') return sendCsv(reply, 'danh-muc', await categories.categoriesCsv(type, q));
      return { data: await categories.listCategories(type, q) };
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
      data: await request.services.studioCategories.saveCategory(actorOf(request), null, request.body),
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
      data: await request.services.studioCategories.saveCategory(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/categories/:id.json',
    {
      config,
      schema: schema('Xóa danh mục trống; ghi nhật ký', { params: idParams, response: { 200: deletedSchema } }),
    },
    async (request) => ({
      data: await request.services.studioCategories.deleteCategory(actorOf(request), request.params.id),
    }),
  );
};

/** Help articles: list (+CSV), create, read, update, delete. */
export const studioArticleRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, actorOf);
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
  registerDocumentRoutes(app, 'support-articles', 'bài trợ giúp', schemas.articleInput, schemas.articleSchema, {
    detail: (r, id) => r.services.supportAdmin.articleDetail(id),
    save: (r, id, body) => r.services.supportAdmin.saveArticle(actorOf(r), id, body as schemas.ArticleInput),
    remove: (r, id) => r.services.supportAdmin.deleteArticle(actorOf(r), id),
  });
};
