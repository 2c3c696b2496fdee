/**
 * Carrier billing over HTTP: the learner's subscriptions, cancelling one, the disclosure of a
 * package, and the operator's inbound-SMS webhook (HMAC-SHA256 of the raw body with
 * CARRIER_SMS_SECRET, hex, in `x-carrier-signature`).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { countUnsignedNotification } from '../cache/throttle.ts';

export const subscriptionSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  status_label: z.string(),
  course_title: z.string(),
  course_slug: z.string(),
  package_label: z.string(),
  sms_code: z.string().nullable(),
  price: z.number().int(),
  cycle: z.number().int(),
  msisdn: z.string(),
  current_period_end: z.string().nullable(),
  next_renewal_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  can_cancel: z.boolean(),
  can_study: z.boolean(),
  cancel_sms: z.string().nullable(),
});

export const disclosureSchema = z.object({
  sms_code: z.string(),
  price: z.number().int(),
  cycle: z.number().int(),
  package_label: z.string(),
  price_text: z.string(),
  cycle_text: z.string(),
  charging_method: z.string(),
  carrier: z.string(),
  provider: z.string(),
  hotline: z.string(),
  short_code: z.string(),
  register: z.string(),
  renew: z.string(),
  cancel: z.string(),
  free_note: z.string(),
});

export const chargeHistorySchema = z.object({
  days: z.number().int(),
  since: z.string(),
  total_charged: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      kind: z.enum(['subscribe', 'renewal']),
      kind_label: z.string(),
      course_title: z.string(),
      package_label: z.string(),
      sms_code: z.string().nullable(),
      amount: z.number().int(),
      status: z.string(),
      status_label: z.string(),
      charged: z.boolean(),
      msisdn: z.string(),
      operator_txn_id: z.string().nullable(),
    }),
  ),
});

const inboundSmsSchema = z.object({
  message_id: z.string().trim().min(1, 'Thiếu message_id.').max(100),
  msisdn: z.string().trim().min(1, 'Thiếu msisdn.').max(30),
  text: z.string().max(5000),
  short_code: z.string().max(20).optional(),
  received_at: z.string().max(40).optional(),
});

const rawBodies = new WeakMap<FastifyRequest, string>();

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscriptions'];

  // This plugin's JSON keeps the raw body too: the webhook signature is over the bytes as sent.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'Nội dung JSON không hợp lệ.'), undefined);
    }
  });

  app.get(
    '/api/user/subscription.json',
    {
      schema: {
        tags,
        summary: 'Gói cước trừ tiền tài khoản di động của tôi (trạng thái, giá, chu kỳ, lần gia hạn tới)',
        response: { 200: envelope(z.array(subscriptionSchema)) },
      },
    },
    async (request) => ({ data: await request.services.subscriptions.list(requireApiViewer(request).id) }),
  );

  app.get(
    '/api/user/subscription/charges.json',
    {
      schema: {
        tags,
        summary:
          'Lịch sử trừ tiền tài khoản di động trong 180 ngày (đăng ký, gia hạn, cả lần không trừ được) và tổng số tiền đã trừ',
        response: { 200: envelope(chargeHistorySchema) },
      },
    },
    async (request) => ({ data: await request.services.subscriptions.charges(requireApiViewer(request).id) }),
  );

  app.post(
    '/api/user/subscription/cancel.json',
    {
      schema: {
        tags,
        summary: 'Hủy gói cước (miễn phí): dừng gia hạn, vẫn học đến hết chu kỳ đã trả; xác nhận qua SMS và thông báo',
        body: z.object({ id: z.coerce.number().int().positive({ error: 'Gói cước không hợp lệ.' }) }),
        response: { 200: envelope(z.object({ already: z.boolean(), subscription: subscriptionSchema })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const result = await request.services.subscriptions.cancel(viewer.id, { id: request.body.id });
      const list = await request.services.subscriptions.list(viewer.id);
      const subscription = list.find((item) => item.id === result.subscription.id);
      if (!subscription) throw new AppError('NOT_FOUND', 'Không tìm thấy gói cước.');
      return { data: { already: result.already, subscription } };
    },
  );

  app.get(
    '/api/user/subscription/offer.json',
    {
      schema: {
        tags,
        summary: 'Điều khoản của một gói cước trừ tiền tài khoản di động (hiển thị trước khi đồng ý)',
        querystring: z.object({ pod_id: z.coerce.number().int().positive({ error: 'Gói học không hợp lệ.' }) }),
        response: { 200: envelope(disclosureSchema) },
      },
    },
    async (request) => {
      const offer = await request.services.subscriptions.offer(request.query.pod_id);
      if (!offer) throw new AppError('NOT_FOUND', 'Gói học này không thanh toán được qua tài khoản di động.');
      return { data: offer };
    },
  );

  app.post(
    '/api/carrier/sms',
    {
      // Validly signed messages are never rate limited; badly signed ones count per address.
      config: { rateLimit: false },
      schema: {
        tags,
        summary:
          'Nhà mạng chuyển tin nhắn đến (DK <MÃ>, HUY <MÃ>). Xác thực: x-carrier-signature = HMAC-SHA256 (hex) của thân yêu cầu với CARRIER_SMS_SECRET. Cùng message_id chỉ xử lý một lần.',
        headers: z.object({ 'x-carrier-signature': z.string().optional() }),
        body: inboundSmsSchema,
        response: {
          200: envelope(z.object({ status: z.enum(['processed', 'duplicate']), outcome: z.string() })),
        },
      },
    },
    async (request) => {
      const sms = request.services.carrierSms;
      if (!sms.verify(rawBodies.get(request) ?? '', request.headers['x-carrier-signature'])) {
        const counted = await countUnsignedNotification(request.services.throttle, 'carrier-sms', request.ip);
        if (!counted.allowed)
          throw new AppError('RATE_LIMITED', 'Quá nhiều tin nhắn sai chữ ký. Vui lòng thử lại sau.');
        throw new AppError('UNAUTHENTICATED', 'Chữ ký tin nhắn không hợp lệ.');
      }
      return { data: await sms.receive(request.body, rawBodies.get(request)!) };
    },
  );
};
