import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageMeta, pageQuery, requireApiViewer } from '../../kernel/http/index.ts';

const notificationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/user/notification.json',
    {
      schema: {
        tags,
        summary: 'Thông báo của tôi (mới nhất trước), kèm số chưa đọc',
        querystring: pageQuery,
        response: {
          200: z.object({
            data: z.array(notificationSchema),
            meta: pageMeta.extend({ unread: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const { page, limit } = request.query;
      const result = await request.services.notifications.list(viewer.id, page, limit);
      return { data: result.items, meta: { page, limit, total: result.total, unread: result.unread } };
    },
  );

  app.get(
    '/api/user/notification/details.json',
    {
      schema: {
        tags,
        summary: 'Một thông báo (đánh dấu đã đọc)',
        querystring: z.object({
          id: z.coerce.number({ error: 'Mã thông báo không hợp lệ.' }).int().min(1).max(2_147_483_647),
        }),
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ({
      data: await request.services.notifications.open(requireApiViewer(request).id, request.query.id),
    }),
  );

  app.post(
    '/api/user/notification/read_all.json',
    {
      schema: {
        tags,
        summary: 'Đánh dấu tất cả đã đọc',
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ({
      data: { updated: await request.services.notifications.markAllRead(requireApiViewer(request).id) },
    }),
  );
};
