/** The learner's invoices: those of one order, and an issued invoice's PDF (its owner only). */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { invoiceViewSchema } from './invoices.schemas.ts';

export interface InvoicesRoutesOptions {
  /** The signed-in learner (401 otherwise): the accounts' guard, given by server/app.ts. */
  viewerOf: (request: FastifyRequest) => { id: number };
  /** The per-address limit of rare downloads (modules/cache/address-limits.ts). */
  downloadLimit: FastifyContextConfig;
}

export const invoicesRoutes: FastifyPluginAsyncZod<InvoicesRoutesOptions> = async (
  app,
  { viewerOf, downloadLimit },
) => {
  const tags = ['invoices'];

  app.get(
    '/api/user/order/invoices.json',
    {
      schema: {
        tags,
        summary: 'Hóa đơn điện tử của một đơn hàng của tôi (hóa đơn gốc và hóa đơn điều chỉnh khi hoàn tiền)',
        querystring: z.object({ code: z.string().trim().min(1, 'Vui lòng nhập mã đơn hàng.').max(20) }),
        response: { 200: envelope(z.array(invoiceViewSchema)) },
      },
    },
    async (request) => ({
      data: await request.services.invoices.listForOrder(viewerOf(request).id, request.query.code),
    }),
  );

  app.get(
    '/api/user/invoice/:id/pdf',
    {
      config: downloadLimit,
      schema: {
        tags,
        summary: 'Tải hóa đơn điện tử dạng PDF (chỉ người mua; hóa đơn của người khác trả 404)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { fileName, bytes } = await request.services.invoices.renderPdf(viewer.id, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
