/**
 * The studio's categories of posts and help articles under /api/admin/ (`content.write`): list
 * (+CSV, with each category's number of items), create, update, delete the empty ones. The
 * studio's permission check arrives as `actorOf` (server/routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSecurity as security,
  deletedSchema,
  envelope,
  guardAdminRoutes,
  idParams,
  sendCsv,
} from '../../kernel/http/index.ts';
import * as schemas from './catalog.admin-categories.schemas.ts';

const config = { permission: 'content.write' as const };
const tags = ['admin'];
const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });

/** The studio's actor, as the composition root typed the categories' studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['studioCategories']['saveCategory']>[0];

export interface CategoriesAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** Categories of posts and help articles: list (+CSV), create, update, delete the empty ones. */
export const catalogAdminCategoryRoutes: FastifyPluginAsyncZod<CategoriesAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
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
