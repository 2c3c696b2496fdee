/**
 * The studio's carrier subscriptions under /api/admin/subscriptions… (subscriptions.read / .cancel).
 * The permission is checked before the input is read. Promotions and activation-code batches are
 * the promotions and activation modules' (`*.admin.routes.ts`), registered just before this plugin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, listOf, sendCsv } from '../../../kernel/http/index.ts';
import { requirePermission } from '../permissions.ts';
import { actorOf, security } from '../studio.routes.ts';
import * as s from './schemas.ts';

const tags = ['admin'];

export const studioCommerceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new Error(`studio route without a permission: ${request.routeOptions.url}`);
    requirePermission(request.viewer, permission);
  });

  // ── Carrier subscriptions ──
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
      const subscriptions = request.services.studioCommerce.subscriptions;
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
    async (request) => ({ data: await request.services.studioCommerce.subscriptions.detail(request.params.id) }),
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
      data: await request.services.studioCommerce.subscriptions.cancel(
        actorOf(request),
        request.params.id,
        request.body.reason,
      ),
    }),
  );
};
