/**
 * The studio's transfer API under /api/admin/: the bank credits needing a person (`orders.read`),
 * matching an unmatched credit to an order (`orders.refund`, admins: it moves money to an order),
 * and reconciliation against the bank statement: the latest runs (`orders.read`), a run now and an
 * uploaded statement file (`orders.refund`: the credits they record complete orders).
 * The studio's permission check arrives as `actorOf` (server/routes.ts), as for the site's studio routes.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, idParams, listOf } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  creditSchema,
  creditsQuery,
  importAnswer,
  matchInput,
  runSchema,
  runsSchema,
  statementInput,
} from './transfers.schemas.ts';

type StudioActor = Parameters<NonNullable<FastifyRequest['services']['transfersAdmin']>['match']>[0];

export const transfersAdminRoutes: FastifyPluginAsyncZod<{
  actorOf: (request: FastifyRequest) => StudioActor;
}> = async (app, { actorOf }) => {
  const tags = ['admin'];
  // 401 / 403 come first, before the query or body is validated.
  guardAdminRoutes(app, actorOf);
  const adminOf = (request: FastifyRequest) => {
    const admin = request.services.transfersAdmin;
    if (!admin) throw new AppError('NOT_FOUND', 'Chuyển khoản ngân hàng chưa được bật.');
    return admin;
  };

  app.get(
    '/api/admin/transfers.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary:
          'Tiền chuyển khoản ngân hàng báo có (quyền orders.read): mặc định các giao dịch cần xử lý — chưa khớp đơn, chuyển thiếu, chuyển thừa, chờ hoàn tiền; ?view=tat-ca để xem tất cả',
        querystring: creditsQuery,
        response: { 200: listOf(creditSchema) },
      },
    },
    async (request) => {
      const { items, total } = await adminOf(request).list(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.post(
    '/api/admin/transfers/:id/match.json',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Gán một giao dịch chưa khớp cho đơn hàng (quyền orders.refund): đủ tiền thì đơn hoàn tất, thiếu thì chờ, đơn không giao được thì vào hàng chờ hoàn tiền',
        params: idParams,
        body: matchInput,
        response: { 200: envelope(creditSchema) },
      },
    },
    async (request) => ({
      data: await adminOf(request).match(actorOf(request), request.params.id, request.body.order_code),
    }),
  );

  app.get(
    '/api/admin/transfers/reconciliations.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary:
          'Các lần đối soát sao kê gần nhất (quyền orders.read): khoảng thời gian, số giao dịch trong sao kê, mới ghi nhận, đã biết, chưa khớp đơn',
        response: { 200: envelope(runsSchema) },
      },
    },
    async (request) => ({ data: await adminOf(request).runs() }),
  );

  app.post(
    '/api/admin/transfers/reconcile.json',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Đối soát ngay (quyền orders.refund): đọc sao kê ngân hàng của khoảng thời gian gần nhất và ghi nhận các giao dịch chưa có thông báo, như khi ngân hàng báo có',
        response: { 200: envelope(runSchema) },
      },
    },
    async (request) => ({ data: await adminOf(request).reconcileNow(actorOf(request)) }),
  );

  app.post(
    '/api/admin/transfers/statement.json',
    {
      config: { permission: 'orders.refund' },
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Tải lên tệp sao kê CSV (quyền orders.refund): cột Mã giao dịch, Thời gian, Số tiền, Nội dung; một dòng sai thì không ghi nhận gì',
        body: statementInput,
        response: { 200: envelope(importAnswer) },
      },
    },
    async (request) => ({
      data: await adminOf(request).importStatement(actorOf(request), request.body.file_name ?? null, request.body.csv),
    }),
  );
};
