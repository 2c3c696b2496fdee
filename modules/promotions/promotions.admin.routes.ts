/**
 * The studio's promotions API under /api/admin/promotions…: promotions.read (editors and admins)
 * and promotions.write (admins). The studio's permission check arrives as `actorOf` (server/routes.ts),
 * like its audit log does for the service; 401 / 403 come before the input is read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSecurity as security,
  envelope,
  guardAdminRoutes,
  idParams,
  listOf,
  sendCsv,
} from '../../kernel/http/index.ts';
import * as s from './promotions.admin.schemas.ts';

const tags = ['admin'];

/** The studio's actor, as the composition root typed the promotions' studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['promotionsAdmin']['create']>[0];

export interface PromotionsAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const promotionsAdminRoutes: FastifyPluginAsyncZod<PromotionsAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
  const read = { permission: 'promotions.read' as const };
  const write = { permission: 'promotions.write' as const };

  app.get(
    '/api/admin/promotions.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Ưu đãi (quyền promotions.read): tìm theo mã, tên (không dấu); lọc trạng thái, loại; ?format=csv',
        querystring: s.promotionsQuery,
        response: { 200: listOf(s.promotionRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const promotions = request.services.promotionsAdmin;
      if (format === 'csv') return sendCsv(reply, 'uu-dai', await promotions.csv(query));
      const { items, total } = await promotions.list(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.post(
    '/api/admin/promotions.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Tạo ưu đãi mọi loại và giới hạn (quyền promotions.write); mã được bỏ dấu, viết hoa, không trùng; ghi nhật ký',
        body: s.promotionInput,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.promotionsAdmin.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/promotions/:id.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Chi tiết ưu đãi với đối tượng áp dụng (quyền promotions.read)',
        params: idParams,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.promotionsAdmin.detail(request.params.id) }),
  );

  app.put(
    '/api/admin/promotions/:id.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Sửa ưu đãi (quyền promotions.write); số lượng không nhỏ hơn số lượt đã dùng; ghi nhật ký',
        params: idParams,
        body: s.promotionInput,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.promotionsAdmin.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/promotions/:id/usages.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Lượt dùng một ưu đãi: đơn hàng, học viên, số tiền giảm (quyền promotions.read); ?format=csv',
        params: idParams,
        querystring: s.usagesQuery,
        response: { 200: listOf(s.usageRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...page } = request.query;
      const promotions = request.services.promotionsAdmin;
      if (format === 'csv') return sendCsv(reply, 'luot-dung-uu-dai', await promotions.usagesCsv(request.params.id));
      const { items, total } = await promotions.usages(request.params.id, page);
      return { data: items, meta: { ...page, total } };
    },
  );
};
