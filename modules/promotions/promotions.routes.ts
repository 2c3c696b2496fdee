import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

export const promotionSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(['same_price', 'fixed_price', 'percentage']),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_order: z.number().int(),
  customer_type: z.string(),
  scope: z.string(),
  remaining: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});

const codeInput = z.object({
  code: z.string({ error: 'Vui lòng nhập mã giảm giá.' }).trim().min(1, 'Vui lòng nhập mã giảm giá.').max(50),
});

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promotions'];

  app.get(
    '/api/user/promotion.json',
    { schema: { tags, summary: 'Ưu đãi đang áp dụng', response: { 200: envelope(z.array(promotionSchema)) } } },
    async (request) => ({ data: await request.services.promotions.listPublic() }),
  );

  app.get(
    '/api/user/promotion/details.json',
    {
      schema: {
        tags,
        summary: 'Chi tiết một mã giảm giá',
        querystring: codeInput,
        response: { 200: envelope(promotionSchema) },
      },
    },
    async (request) => ({ data: await request.services.promotions.details(request.query.code) }),
  );

  app.post(
    '/api/user/promotion/check.json',
    {
      config: perAddress(ADDRESS_LIMITS.checkout),
      schema: {
        tags,
        summary: 'Kiểm tra mã giảm giá với giỏ hàng hiện tại',
        description:
          'Mã bị từ chối: 422, `error.message` nói điều kiện nào không đạt, `error.fields.reason` là một trong not_found, inactive, not_started, ended, sold_out, used, customer_type, scope, min_order (kèm `min_order` và `missing`, số đồng còn thiếu).',
        body: codeInput,
        response: {
          200: envelope(
            z.object({
              code: z.string(),
              name: z.string(),
              subtotal: z.number().int(),
              discount: z.number().int(),
              total: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await request.services.orders.quotePromotion(viewer.id, request.body.code) };
    },
  );
};
