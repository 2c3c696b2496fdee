/**
 * The studio's personal-data API: requests with their deadlines and breach records (privacy.read),
 * running a request now and recording or moving a breach (privacy.write). 401 / 403 come before the
 * input is read (kernel/http/admin.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf } from '../../kernel/http/index.ts';
import {
  adminRequestSchema,
  adminRequestsQuery,
  breachBody,
  breachSchema,
  breachStateBody,
  runRequestBody,
} from './privacy.schemas.ts';

const tags = ['admin'];

type StudioActor = Parameters<FastifyRequest['services']['privacyAdmin']['runNow']>[0];

export interface PrivacyAdminRoutesOptions {
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const privacyAdminRoutes: FastifyPluginAsyncZod<PrivacyAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/privacy/requests.json',
    {
      config: { permission: 'privacy.read' },
      schema: {
        tags,
        security,
        summary: 'Yêu cầu về dữ liệu cá nhân (quyền privacy.read): tải dữ liệu, xóa tài khoản, hạn xử lý',
        querystring: adminRequestsQuery,
        response: { 200: listOf(adminRequestSchema).extend({ overdue: z.number().int() }) },
      },
    },
    async (request) => {
      const { items, total, overdue } = await request.services.privacyAdmin.listRequests(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total }, overdue };
    },
  );

  app.post(
    '/api/admin/privacy/requests/run.json',
    {
      config: { permission: 'privacy.write' },
      schema: {
        tags,
        security,
        summary:
          'Thực hiện ngay (quyền privacy.write): tạo lại tệp dữ liệu lỗi, hoặc xóa tài khoản đã hết thời gian chờ',
        body: runRequestBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ({ data: await request.services.privacyAdmin.runNow(actorOf(request), request.body.id) }),
  );

  app.get(
    '/api/admin/privacy/breaches.json',
    {
      config: { permission: 'privacy.read' },
      schema: {
        tags,
        security,
        summary: 'Sự cố lộ lọt dữ liệu cá nhân (quyền privacy.read), với hạn thông báo 72 giờ',
        response: { 200: envelope(z.array(breachSchema)) },
      },
    },
    async (request) => ({ data: await request.services.privacyAdmin.listBreaches() }),
  );

  app.post(
    '/api/admin/privacy/breaches.json',
    {
      config: { permission: 'privacy.write' },
      schema: {
        tags,
        security,
        summary: 'Ghi nhận một sự cố (quyền privacy.write): hạn thông báo = thời điểm phát hiện + 72 giờ',
        body: breachBody,
        response: { 200: envelope(breachSchema) },
      },
    },
    async (request) => ({ data: await request.services.privacyAdmin.createBreach(actorOf(request), request.body) }),
  );

  app.post(
    '/api/admin/privacy/breaches/state.json',
    {
      config: { permission: 'privacy.write' },
      schema: {
        tags,
        security,
        summary: 'Đánh dấu đã thông báo cơ quan chuyên trách, hoặc đã khắc phục (quyền privacy.write)',
        body: breachStateBody,
        response: { 200: envelope(breachSchema) },
      },
    },
    async (request) => ({
      data: await request.services.privacyAdmin.moveBreach(actorOf(request), request.body.id, request.body.state),
    }),
  );
};
