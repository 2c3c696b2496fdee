/**
 * The studio's help articles under /api/admin/: list (+CSV), create, read, update, delete, publish.
 * Every route needs `content.write`. The studio's permission check arrives as `actorOf`
 * (server/routes.ts), like its audit log does for the service; server/routes.ts registers these
 * plugins between content's, in the OpenAPI document's order of paths.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, guardAdminRoutes, sendCsv } from '../../kernel/http/index.ts';
import { registerDocumentRoutes, registerPublishRoutes } from '../content/index.ts';
import * as schemas from './support.admin.schemas.ts';

const config = { permission: 'content.write' as const };
const tags = ['admin'];
const published = (status: 'published' | 'draft' | undefined) =>
  status === undefined ? undefined : status === 'published';
const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });

/** The studio's actor, as the composition root typed the support's studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['supportAdmin']['saveArticle']>[0];

export interface SupportAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** Publish and unpublish of help articles (between the posts' and the pages' in the document); 401 / 403 first. */
export const supportAdminArticlePublishRoutes: FastifyPluginAsyncZod<SupportAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
  guardAdminRoutes(app, actorOf);
  registerPublishRoutes(app, 'support-articles', 'bài trợ giúp', schemas.articleSchema, (r, id, on) =>
    r.services.supportAdmin.setArticlePublished(actorOf(r), id, on),
  );
};

/** Help articles: list (+CSV), create, read, update, delete. */
export const supportAdminArticleRoutes: FastifyPluginAsyncZod<SupportAdminRoutesOptions> = async (app, { actorOf }) => {
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
