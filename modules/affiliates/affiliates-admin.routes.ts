/** The studio's affiliate API under /api/admin/affiliates… — every route needs `affiliates.manage` (admins). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf, sendCsv } from '../../kernel/http/index.ts';
import * as schemas from './affiliates.schemas.ts';

const config = { permission: 'affiliates.manage' as const };

/** The studio's actor, as the composition root typed the affiliates' studio (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['affiliatesStudio']['approve']>[0];

export interface AffiliateAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const affiliateAdminRoutes: FastifyPluginAsyncZod<AffiliateAdminRoutesOptions> = async (app, { actorOf }) => {
  const tags = ['admin'];
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/affiliates.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Cộng tác viên (quyền affiliates.manage): tìm theo tên, mã, số điện thoại, e-mail; lọc; ?format=csv',
        querystring: schemas.affiliatesQuery,
        response: { 200: listOf(schemas.affiliateRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const studio = request.services.affiliatesStudio;
      if (format === 'csv') return sendCsv(reply, 'cong-tac-vien', await studio.affiliatesCsv(query));
      const { items, total } = await studio.listAffiliates(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.get(
    '/api/admin/affiliates/commissions.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Hoa hồng cộng tác viên (quyền affiliates.manage): lọc theo cộng tác viên, trạng thái; ?format=csv',
        querystring: schemas.commissionsQuery,
        response: { 200: listOf(schemas.commissionRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const studio = request.services.affiliatesStudio;
      if (format === 'csv') return sendCsv(reply, 'hoa-hong', await studio.commissionsCsv(query));
      const { items, total } = await studio.listCommissions(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.post(
    '/api/admin/affiliates/commissions/approve.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Duyệt hoa hồng đang chờ (quyền affiliates.manage); ghi nhật ký',
        body: schemas.approveInput,
        response: { 200: envelope(z.object({ approved: z.number() })) },
      },
    },
    async (request) => ({ data: await request.services.affiliatesStudio.approve(actorOf(request), request.body.ids) }),
  );

  app.get(
    '/api/admin/affiliates/course-rates.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Tỷ lệ hoa hồng theo khóa học (quyền affiliates.manage); trống = tỷ lệ mặc định',
        querystring: schemas.courseRatesQuery,
        response: { 200: envelope(z.array(schemas.courseRateSchema)) },
      },
    },
    async (request) => ({ data: await request.services.affiliatesStudio.courseRates(request.query.q) }),
  );

  app.put(
    '/api/admin/affiliates/course-rates/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Đặt tỷ lệ hoa hồng của một khóa học (null = mặc định); ghi nhật ký',
        params: schemas.courseIdParams,
        body: schemas.courseRateInput,
        response: { 200: envelope(schemas.courseRateSchema.omit({ title: true })) },
      },
    },
    async (request) => ({
      data: await request.services.affiliatesStudio.setCourseRate(
        actorOf(request),
        request.params.id,
        request.body.rate,
      ),
    }),
  );

  app.get(
    '/api/admin/affiliates/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Chi tiết cộng tác viên: số liệu, các lần chi trả (quyền affiliates.manage)',
        params: schemas.affiliateIdParams,
        response: { 200: envelope(schemas.affiliateDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.affiliatesStudio.detail(request.params.id) }),
  );

  app.patch(
    '/api/admin/affiliates/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Tạm khóa hoặc mở lại cộng tác viên (quyền affiliates.manage); ghi nhật ký',
        params: schemas.affiliateIdParams,
        body: schemas.statusInput,
        response: { 200: envelope(schemas.affiliateDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.affiliatesStudio.setStatus(actorOf(request), request.params.id, request.body.status),
    }),
  );

  app.post(
    '/api/admin/affiliates/:id/payouts.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Ghi nhận chi trả: mọi hoa hồng đã duyệt của cộng tác viên thành đã chi trả (quyền affiliates.manage)',
        params: schemas.affiliateIdParams,
        body: schemas.payoutInput,
        response: { 200: envelope(schemas.payoutSchema) },
      },
    },
    async (request) => ({
      data: await request.services.affiliatesStudio.payout(actorOf(request), request.params.id, request.body),
    }),
  );
};
