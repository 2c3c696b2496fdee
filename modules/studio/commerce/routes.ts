/**
 * The studio's commerce API under /api/admin/: promotions (promotions.read / .write), activation-code
 * batches (codes.read / .write) and carrier subscriptions (subscriptions.read / .cancel). The
 * permission is checked by the studio hook (studio.routes.ts) before the input is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, listOf, sendCsv } from '../../../kernel/http/index.ts';
import { requirePermission } from '../permissions.ts';
import { actorOf, security } from '../studio.routes.ts';
import * as s from './schemas.ts';

const tags = ['admin'];
const pagingOnly = z.object({
  page: s.promotionsQuery.shape.page,
  limit: s.promotionsQuery.shape.limit,
  format: s.batchCodesQuery.shape.format,
});

export const studioCommerceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new Error(`studio route without a permission: ${request.routeOptions.url}`);
    requirePermission(request.viewer, permission);
  });

  // ── Promotions ──
  app.get(
    '/api/admin/promotions.json',
    {
      config: { permission: 'promotions.read' },
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
      const promotions = request.services.studioCommerce.promotions;
      if (format === 'csv') return sendCsv(reply, 'uu-dai', await promotions.csv(query));
      const { items, total } = await promotions.list(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.post(
    '/api/admin/promotions.json',
    {
      config: { permission: 'promotions.write' },
      schema: {
        tags,
        security,
        summary:
          'Tạo ưu đãi mọi loại và giới hạn (quyền promotions.write); mã được bỏ dấu, viết hoa, không trùng; ghi nhật ký',
        body: s.promotionInput,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.studioCommerce.promotions.create(actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/admin/promotions/:id.json',
    {
      config: { permission: 'promotions.read' },
      schema: {
        tags,
        security,
        summary: 'Chi tiết ưu đãi với đối tượng áp dụng (quyền promotions.read)',
        params: s.idParams,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.studioCommerce.promotions.detail(request.params.id) }),
  );

  app.put(
    '/api/admin/promotions/:id.json',
    {
      config: { permission: 'promotions.write' },
      schema: {
        tags,
        security,
        summary: 'Sửa ưu đãi (quyền promotions.write); số lượng không nhỏ hơn số lượt đã dùng; ghi nhật ký',
        params: s.idParams,
        body: s.promotionInput,
        response: { 200: envelope(s.promotionDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.studioCommerce.promotions.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/promotions/:id/usages.json',
    {
      config: { permission: 'promotions.read' },
      schema: {
        tags,
        security,
        summary: 'Lượt dùng một ưu đãi: đơn hàng, học viên, số tiền giảm (quyền promotions.read); ?format=csv',
        params: s.idParams,
        querystring: pagingOnly,
        response: { 200: listOf(s.usageRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...page } = request.query;
      const promotions = request.services.studioCommerce.promotions;
      if (format === 'csv') return sendCsv(reply, 'luot-dung-uu-dai', await promotions.usagesCsv(request.params.id));
      const { items, total } = await promotions.usages(request.params.id, page);
      return { data: items, meta: { ...page, total } };
    },
  );

  // ── Activation-code batches ──
  app.get(
    '/api/admin/activation-batches.json',
    {
      config: { permission: 'codes.read' },
      schema: {
        tags,
        security,
        summary: 'Lô mã kích hoạt (quyền codes.read): tìm theo tên lô, khóa học (không dấu)',
        querystring: s.batchesQuery,
        response: { 200: listOf(s.batchRowSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.studioCommerce.codes.list(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.post(
    '/api/admin/activation-batches.json',
    {
      config: { permission: 'codes.write' },
      schema: {
        tags,
        security,
        summary: 'Tạo một lô mã kích hoạt cho khóa học hoặc gói học (quyền codes.write); trả về các mã; ghi nhật ký',
        body: s.batchInput,
        response: { 200: envelope(s.generatedBatchSchema) },
      },
    },
    async (request) => ({ data: await request.services.studioCommerce.codes.generate(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/activation-batches/:batch.json',
    {
      config: { permission: 'codes.read' },
      schema: {
        tags,
        security,
        summary:
          'Một lô mã kích hoạt: các mã (phân trang), người đã dùng và lúc dùng (quyền codes.read); ?format=csv xuất mọi mã',
        params: s.batchParams,
        querystring: s.batchCodesQuery,
        response: { 200: envelope(s.batchDetailSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...page } = request.query;
      const codes = request.services.studioCommerce.codes;
      if (format === 'csv')
        return sendCsv(reply, `ma-kich-hoat-${request.params.batch}`, await codes.csv(request.params.batch));
      return { data: await codes.detail(request.params.batch, page) };
    },
  );

  app.post(
    '/api/admin/activation-batches/:batch/revoke.json',
    {
      config: { permission: 'codes.write' },
      schema: {
        tags,
        security,
        summary: 'Thu hồi cả lô: mọi mã chưa thu hồi ngừng sử dụng được (quyền codes.write); ghi nhật ký',
        params: s.batchParams,
        body: s.revokeReason,
        response: { 200: envelope(s.revokeResultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.studioCommerce.codes.revokeBatch(
        actorOf(request),
        request.params.batch,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/activation-codes/:code/revoke.json',
    {
      config: { permission: 'codes.write' },
      schema: {
        tags,
        security,
        summary: 'Thu hồi một mã kích hoạt (quyền codes.write); ghi nhật ký',
        params: s.codeParams,
        body: s.revokeReason,
        response: { 200: envelope(s.revokeResultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.studioCommerce.codes.revokeCode(
        actorOf(request),
        request.params.code,
        request.body.reason,
      ),
    }),
  );

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
