/**
 * The studio's e-invoices API: the list (orders.read; failed first, filter by state) and "Xuất lại"
 * (orders.refund). The studio's permission check arrives as `actorOf` (server/routes.ts), as for the
 * site's studio routes; 401 / 403 come before the input is read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf } from '../../kernel/http/index.ts';
import { adminInvoiceSchema, adminInvoicesQuery, reissueBody } from './invoices.schemas.ts';

const tags = ['admin'];

type StudioActor = Parameters<FastifyRequest['services']['invoicesAdmin']['reissue']>[0];

export interface InvoicesAdminRoutesOptions {
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const invoicesAdminRoutes: FastifyPluginAsyncZod<InvoicesAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/invoices.json',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        security,
        summary: 'Hóa đơn điện tử (quyền orders.read): hóa đơn lỗi trước, lọc theo trạng thái',
        querystring: adminInvoicesQuery,
        response: { 200: listOf(adminInvoiceSchema).extend({ failed: z.number().int() }) },
      },
    },
    async (request) => {
      const { items, total, failed } = await request.services.invoicesAdmin.list(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total }, failed };
    },
  );

  app.post(
    '/api/admin/invoices/reissue.json',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary: 'Xuất lại một hóa đơn đang chờ hoặc lỗi (quyền orders.refund): gửi lại cho nhà cung cấp hóa đơn',
        body: reissueBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ({
      data: await request.services.invoicesAdmin.reissue(actorOf(request), request.body.id),
    }),
  );
};
