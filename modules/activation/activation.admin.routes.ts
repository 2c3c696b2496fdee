/**
 * The studio's activation-code batches under /api/admin/activation-…: codes.read and codes.write
 * (admins). The studio's permission check arrives as `actorOf` (server/routes.ts), like its audit log
 * does for the service; 401 / 403 come before the input is read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf, sendCsv } from '../../kernel/http/index.ts';
import * as s from './activation.admin.schemas.ts';

const tags = ['admin'];

/** The studio's actor, as the composition root typed the activation's studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['activationAdmin']['generate']>[0];

export interface ActivationAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const activationAdminRoutes: FastifyPluginAsyncZod<ActivationAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
  const read = { permission: 'codes.read' as const };
  const write = { permission: 'codes.write' as const };

  app.get(
    '/api/admin/activation-batches.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Lô mã kích hoạt (quyền codes.read): tìm theo tên lô, khóa học (không dấu)',
        querystring: s.batchesQuery,
        response: { 200: listOf(s.batchRowSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.activationAdmin.list(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.post(
    '/api/admin/activation-batches.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Tạo một lô mã kích hoạt cho khóa học hoặc gói học (quyền codes.write); trả về các mã; ghi nhật ký',
        body: s.batchInput,
        response: { 200: envelope(s.generatedBatchSchema) },
      },
    },
    async (request) => ({ data: await request.services.activationAdmin.generate(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/activation-batches/:batch.json',
    {
      config: read,
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
      const codes = request.services.activationAdmin;
      if (format === 'csv')
        return sendCsv(reply, `ma-kich-hoat-${request.params.batch}`, await codes.csv(request.params.batch));
      return { data: await codes.detail(request.params.batch, page) };
    },
  );

  app.post(
    '/api/admin/activation-batches/:batch/revoke.json',
    {
      config: write,
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
      data: await request.services.activationAdmin.revokeBatch(
        actorOf(request),
        request.params.batch,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/activation-codes/:code/revoke.json',
    {
      config: write,
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
      data: await request.services.activationAdmin.revokeCode(
        actorOf(request),
        request.params.code,
        request.body.reason,
      ),
    }),
  );
};
