/**
 * Gateway callbacks. IPN (server to server): verify, fulfil once, store raw, answer as the gateway
 * expects. Browser return: verify and store, then show the order page (the IPN decides the state).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { orderSummarySchema } from '../orders/orders.schemas.ts';
import type { GatewayMethod } from './gateway.ts';
import { GATEWAY_PATH, type CallbackResult } from './payments.service.ts';
import { AppError } from '../../lib/errors.ts';
import { countUnsignedNotification } from '../cache/throttle.ts';

const params = z.record(z.string(), z.coerce.string());
/**
 * Callbacks carry the gateway's signature: a validly signed one is never rate limited (a gateway's
 * notifier is one address; a browser return comes from a learner behind a shared carrier address).
 * Only badly signed ones count against their address (modules/cache/throttle.ts).
 */
const callbackLimit = { rateLimit: false } as const;

/** Refuses (429) an address that sent too many badly signed callbacks; a valid signature always passes. */
async function limitUnsigned(request: FastifyRequest, method: GatewayMethod, input: Record<string, string>) {
  const { payments, throttle } = request.services;
  const gateway = payments.gateways.get(method);
  if (gateway?.verifyCallback(input).valid) return;
  const counted = await countUnsignedNotification(throttle, `payment:${method}`, request.ip);
  if (!counted.allowed) {
    throw new AppError('RATE_LIMITED', 'Quá nhiều thông báo thanh toán sai chữ ký. Vui lòng thử lại sau.');
  }
}
const RESULT_SLUG = { success: 'thanh-cong', failed: 'that-bai', pending: 'dang-xu-ly' } as const;

export function describeReturn(result: CallbackResult): string {
  if (!result.order || result.verdict === 'bad_signature' || result.verdict === 'bad_amount')
    return '/tai-khoan/don-hang?ket-qua=khong-hop-le';
  return `/tai-khoan/don-hang?ma=${result.order.code}&ket-qua=${RESULT_SLUG[result.callback.outcome]}`;
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  for (const [method, path] of Object.entries(GATEWAY_PATH) as [GatewayMethod, string][]) {
    const ipnSchema = { tags, summary: `IPN của ${method} (máy chủ cổng thanh toán gọi)` };
    const handleIpn = async (request: FastifyRequest, input: Record<string, string>, reply: FastifyReply) => {
      await limitUnsigned(request, method, input);
      const result = await request.services.payments.handleCallback(method, input, 'ipn');
      const { status, contentType, body } = result.answer;
      if (contentType) reply.type(contentType);
      return reply.status(status).send(body);
    };
    if (method === 'momo' || method === 'zalopay') {
      app.post(
        `/api/payment/${path}/ipn`,
        { config: callbackLimit, schema: { ...ipnSchema, body: params } },
        (request, reply) => handleIpn(request, request.body, reply),
      );
    } else {
      app.get(
        `/api/payment/${path}/ipn`,
        { config: callbackLimit, schema: { ...ipnSchema, querystring: params } },
        (request, reply) => handleIpn(request, request.query, reply),
      );
    }
    app.get(
      `/api/payment/${path}/return`,
      { config: callbackLimit, schema: { tags, summary: `Trình duyệt quay về từ ${method}`, querystring: params } },
      async (request, reply) => {
        await limitUnsigned(request, method, request.query);
        const result = await request.services.payments.handleCallback(method, request.query, 'return');
        return reply.redirect(describeReturn(result), 302);
      },
    );
  }

  app.post(
    '/api/user/external/validate_order_payment.json',
    {
      config: callbackLimit,
      schema: {
        tags,
        summary: 'Ứng dụng gửi tham số trả về của cổng thanh toán; máy chủ kiểm chữ ký và trả trạng thái đơn',
        body: z.object({
          payment_method: z.enum(['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'zalopay']),
          params,
        }),
        response: {
          200: envelope(
            z.object({
              order: orderSummarySchema,
              gateway_result: z.object({ outcome: z.enum(['success', 'failed', 'pending']), result_code: z.string() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      await limitUnsigned(request, request.body.payment_method, request.body.params);
      const result = await request.services.payments.handleCallback(
        request.body.payment_method,
        request.body.params,
        'app',
      );
      if (result.verdict === 'bad_signature' || result.verdict === 'bad_amount') {
        throw new AppError('VALIDATION_FAILED', 'Tham số thanh toán không hợp lệ (sai chữ ký hoặc số tiền).');
      }
      if (!result.order || result.order.user_id !== viewer.id)
        throw new AppError('NOT_FOUND', 'Không tìm thấy đơn hàng.');
      return {
        data: {
          order: request.services.orders.describe(result.order),
          gateway_result: { outcome: result.callback.outcome, result_code: result.callback.resultCode },
        },
      };
    },
  );
};
