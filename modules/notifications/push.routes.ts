/**
 * Web Push: the VAPID public key (public), and a learner's browser subscription — the
 * "push-notification token call" of SPEC §7 — stored with POST and removed with DELETE.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requestMeta, requireApiViewer } from '../../kernel/http/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const base64url = (max: number, message: string) =>
  z
    .string({ error: message })
    .min(8, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

const endpoint = z
  .string({ error: 'Thiếu địa chỉ nhận thông báo.' })
  .trim()
  .min(10, 'Địa chỉ nhận thông báo không hợp lệ.')
  .max(1000, 'Địa chỉ nhận thông báo quá dài.')
  .url('Địa chỉ nhận thông báo không hợp lệ.');

/** The browser's PushSubscription.toJSON(): endpoint and keys (expirationTime is ignored). */
export const pushSubscriptionInput = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url(200, 'Khóa p256dh không hợp lệ.'),
      auth: base64url(100, 'Khóa auth không hợp lệ.'),
    },
    { error: 'Thiếu khóa của đăng ký nhận thông báo.' },
  ),
});

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/user/push_subscription/public_key.json',
    {
      schema: {
        tags,
        summary: 'Khóa công khai VAPID để trình duyệt đăng ký nhận thông báo (applicationServerKey)',
        response: { 200: envelope(z.object({ public_key: z.string() })) },
      },
    },
    async (request) => ({ data: { public_key: request.services.push.publicKey() } }),
  );

  app.get(
    '/api/user/push_subscription.json',
    {
      schema: {
        tags,
        summary: 'Số trình duyệt của tôi đang nhận thông báo đẩy',
        response: { 200: envelope(z.object({ subscriptions: z.number().int(), public_key: z.string() })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const push = request.services.push;
      return { data: { subscriptions: await push.countFor(viewer.id), public_key: push.publicKey() } };
    },
  );

  app.post(
    '/api/user/push_subscription.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Lưu đăng ký nhận thông báo đẩy của trình duyệt (PushSubscription.toJSON())',
        body: pushSubscriptionInput,
        response: { 201: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const viewer = requireApiViewer(request);
      const data = await request.services.push.subscribe(viewer.id, request.body, requestMeta(request).userAgent);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/api/user/push_subscription.json',
    {
      schema: {
        tags,
        summary: 'Hủy đăng ký nhận thông báo đẩy của trình duyệt này',
        body: z.object({ endpoint }),
        response: { 200: envelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: { deleted: await request.services.push.unsubscribe(viewer.id, request.body.endpoint) } };
    },
  );
};
