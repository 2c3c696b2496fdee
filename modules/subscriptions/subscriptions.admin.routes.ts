/**
 * The studio's carrier subscriptions under /api/admin/subscriptions… (subscriptions.read / .cancel).
 * The studio's permission check arrives as `actorOf` (server/routes.ts), like its audit log does for
 * the service; 401 / 403 come before the input is read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf, sendCsv } from '../../kernel/http/index.ts';
import * as s from './subscriptions.admin.schemas.ts';

const tags = ['admin'];

/** The studio's actor, as the composition root typed the subscriptions' studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['subscriptionsAdmin']['cancel']>[0];

export interface SubscriptionsAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const subscriptionsAdminRoutes: FastifyPluginAsyncZod<SubscriptionsAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/subscriptions.json',
    {
      config: { permission: 'subscriptions.read' },
      schema: {
        tags,
        security,
        summary:
          'Gói cước trừ tiền di động (quyền subscriptions.read): tìm theo số điện thoại, tên; lọc trạng thái; ?format=csv',
        querystring: s.subscriptionsQuery,
        response: { 200: listOf(s.subscriptionRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const subscriptions = request.services.subscriptionsAdmin;
      if (format === 'csv') return sendCsv(reply, 'goi-cuoc', await subscriptions.csv(query));
      const { items, total } = await subscriptions.list(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.get(
    '/api/admin/subscriptions/:id.json',
    {
      config: { permission: 'subscriptions.read' },
      schema: {
        tags,
        security,
        summary: 'Chi tiết gói cước: lịch sử trạng thái, các lần trừ tiền và gia hạn (quyền subscriptions.read)',
        params: s.idParams,
        response: { 200: envelope(s.subscriptionDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.subscriptionsAdmin.detail(request.params.id) }),
  );

  app.post(
    '/api/admin/subscriptions/:id/cancel.json',
    {
      config: { permission: 'subscriptions.cancel' },
      schema: {
        tags,
        security,
        summary:
          'Hủy gói cước thay học viên (quyền subscriptions.cancel): ngừng gia hạn, học đến hết chu kỳ đã trả; ghi nhật ký',
        params: s.idParams,
        body: s.cancelInput,
        response: { 200: envelope(s.subscriptionDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.subscriptionsAdmin.cancel(actorOf(request), request.params.id, request.body.reason),
    }),
  );
};
