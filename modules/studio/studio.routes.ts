/**
 * The studio API under /api/admin/: every route names its permission (permissions.ts) and checks
 * it before anything else — 401 signed out, 403 without the permission.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSecurity as security,
  envelope,
  guardAdminRoutes,
  listOf,
  pageQuery,
  sendCsv,
} from '../../kernel/http/index.ts';
import { requirePermission, type StudioPermission } from './permissions.ts';
import type { Actor } from './studio.service.ts';
import * as schemas from './studio.schemas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The studio permission a route needs, checked before its input is read. */
    permission?: StudioPermission;
  }
}

/** Who acts, for the audit log (the permission was checked by the onRequest hook). */
export function actorOf(request: FastifyRequest): Actor {
  return { viewer: requirePermission(request.viewer, request.routeOptions.config.permission!), ip: request.ip ?? null };
}

export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  // 401 / 403 come first, before the query or body is validated: nothing is revealed to the unauthorised.
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/orders.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary:
          'Đơn hàng (quyền orders.read): tìm theo mã, số điện thoại, e-mail; lọc, sắp xếp; ?format=csv để xuất CSV',
        querystring: schemas.ordersQuery,
        response: { 200: listOf(schemas.orderRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const studio = request.services.studio;
      if (format === 'csv') return sendCsv(reply, 'don-hang', await studio.ordersCsv(query));
      const { items, total } = await studio.listOrders(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.get(
    '/api/admin/orders/:code.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary: 'Chi tiết đơn hàng (quyền orders.read): dòng hàng, thanh toán, thông báo gốc của cổng, hoàn tiền',
        params: schemas.orderCodeParams,
        response: { 200: envelope(schemas.orderDetailSchema) },
      },
    },
    async (request) => {
      return { data: await request.services.studio.orderDetail(request.params.code) };
    },
  );

  app.post(
    '/api/admin/orders/:code/refund.json',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary: 'Hoàn tiền đơn hàng qua cổng thanh toán (quyền orders.refund); ghi nhật ký',
        params: schemas.orderCodeParams,
        body: schemas.refundInput,
        response: { 200: envelope(schemas.refundResultSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { data: await request.services.studio.refundOrder(actor, { code: request.params.code, ...request.body }) };
    },
  );

  app.get(
    '/api/admin/payments/unaccounted.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary:
          'Thanh toán thành công trên đơn hàng chưa hoàn tất (cần xử lý): chưa được hoàn tiền, kèm trạng thái hoàn tiền gần nhất (quyền orders.read)',
        querystring: pageQuery,
        response: { 200: listOf(schemas.unaccountedPaymentSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.studio.listUnaccountedPayments(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.post(
    '/api/admin/payments/:request_id/refund.json',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Hoàn tiền một giao dịch đã thanh toán thành công qua cổng (quyền orders.refund); giao dịch đã trả cho đơn hoàn tất thì đơn chuyển sang đã hoàn tiền; ghi nhật ký',
        params: schemas.paymentRefParams,
        body: schemas.refundInput,
        response: { 200: envelope(schemas.refundResultSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const input = { request_id: request.params.request_id, ...request.body };
      return { data: await request.services.studio.refundPayment(actor, input) };
    },
  );

  app.get(
    '/api/admin/users.json',
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        security,
        summary: 'Người dùng (quyền users.read): tìm theo tên, số điện thoại, e-mail; lọc theo vai trò; ?format=csv',
        querystring: schemas.usersQuery,
        response: { 200: listOf(schemas.userRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const studio = request.services.studio;
      if (format === 'csv') return sendCsv(reply, 'nguoi-dung', await studio.usersCsv(query));
      const { items, total } = await studio.listUsers(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.get(
    '/api/admin/users/:id.json',
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        security,
        summary: 'Chi tiết người dùng với các khóa học đã ghi danh và đơn hàng gần đây (quyền users.read)',
        params: schemas.userIdParams,
        response: { 200: envelope(schemas.userDetailSchema) },
      },
    },
    async (request) => {
      return { data: await request.services.studio.userDetail(request.params.id) };
    },
  );

  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}.json`,
      {
        config: { permission: 'users.lock' },
        schema: {
          tags,
          security,
          summary: locked
            ? 'Khóa tài khoản: từ chối đăng nhập và kết thúc mọi phiên (quyền users.lock); ghi nhật ký'
            : 'Mở khóa tài khoản (quyền users.lock); ghi nhật ký',
          params: schemas.userIdParams,
          response: { 200: envelope(schemas.lockResultSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return { data: await request.services.studio.setLocked(actor, request.params.id, locked) };
      },
    );
  }

  app.get(
    '/api/admin/audit.json',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'Nhật ký thao tác trong studio (quyền audit.read), mới nhất trước',
        querystring: schemas.auditQuery,
        response: { 200: listOf(schemas.auditRowSchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await request.services.studio.listAudit(request.query);
      return { data: items, meta: { page, limit, total } };
    },
  );

  app.get(
    '/api/admin/dashboard.json',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        security,
        summary:
          'Tổng quan (quyền dashboard.read): doanh thu, đơn hàng, học viên mới, ghi danh, hoàn thành theo ngày / tuần / tháng (giờ Việt Nam); khóa học bán chạy, phương thức thanh toán, tỉ lệ thất bại',
        querystring: schemas.dashboardQuery,
        response: { 200: envelope(schemas.dashboardSchema) },
      },
    },
    async (request) => {
      return { data: await request.services.dashboard.report(request.query) };
    },
  );
};
