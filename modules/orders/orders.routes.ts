import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageMeta, pageQuery, requireApiViewer } from '../../kernel/http/index.ts';
import { siteOrigin } from '../../lib/allowed-hosts.ts';
import * as schemas from './orders.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.post(
    '/api/user/order.json',
    {
      config: perAddress(ADDRESS_LIMITS.checkout),
      schema: {
        tags,
        summary: 'Đặt hàng từ giỏ hàng; trả về payment_url của cổng thanh toán (không có khi đơn 0đ)',
        body: schemas.placeOrderInput,
        response: { 201: envelope(schemas.placedOrderSchema) },
      },
    },
    async (request, reply) => {
      const viewer = requireApiViewer(request);
      const placed = await request.services.orders.place(
        viewer.id,
        request.body,
        request.ip,
        request.headers.cookie,
        siteOrigin(request, request.services.paymentsConfig),
      );
      return reply.status(201).send({ data: placed });
    },
  );

  app.get(
    '/api/user/order.json',
    {
      schema: {
        tags,
        summary: 'Đơn hàng của tôi (mới nhất trước)',
        querystring: pageQuery,
        response: {
          200: z.object({
            data: z.array(schemas.orderSummarySchema),
            meta: pageMeta,
          }),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const { page, limit } = request.query;
      const result = await request.services.orders.list(viewer.id, page, limit);
      return { data: result.items, meta: { page, limit, total: result.total } };
    },
  );

  app.get(
    '/api/user/order/details.json',
    {
      schema: {
        tags,
        summary: 'Chi tiết một đơn hàng',
        querystring: schemas.orderCodeQuery,
        response: { 200: envelope(schemas.orderDetailsSchema) },
      },
    },
    async (request) => ({
      data: await request.services.orders.details(requireApiViewer(request).id, request.query.code),
    }),
  );

  app.post(
    '/api/user/order/cancel.json',
    {
      schema: {
        tags,
        summary: 'Hủy đơn hàng đang chờ thanh toán',
        body: schemas.orderCodeQuery,
        response: { 200: envelope(schemas.orderDetailsSchema) },
      },
    },
    async (request) => ({
      data: await request.services.orders.cancel(requireApiViewer(request).id, request.body.code),
    }),
  );

  app.post(
    '/api/user/order/pay.json',
    {
      config: perAddress(ADDRESS_LIMITS.checkout),
      schema: {
        tags,
        summary: 'Thanh toán lại một đơn đang chờ (có thể đổi cổng thanh toán)',
        body: schemas.payAgainInput,
        response: { 200: envelope(schemas.placedOrderSchema) },
      },
    },
    async (request) => ({
      data: await request.services.orders.payAgain(
        requireApiViewer(request).id,
        request.body.code,
        request.body.payment_method,
        request.ip,
        siteOrigin(request, request.services.paymentsConfig),
      ),
    }),
  );
};
