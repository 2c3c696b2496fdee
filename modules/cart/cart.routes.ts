import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { resolveCartOwner } from './cart-cookie.ts';

export const podIdInput = z.object({
  pod_id: z.coerce.number({ error: 'Gói học không hợp lệ.' }).int().min(1).max(2_147_483_647),
});

export const cartLineSchema = z.object({
  id: z.number().int(),
  pod_id: z.number().int(),
  course: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    type: z.string(),
    thumbnail: z.string().nullable(),
    category_id: z.number().int().nullable(),
  }),
  pod: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    cycle: z.number().int(),
    price: z.number().int(),
    payment_type: z.string(),
  }),
  package_label: z.string(),
  price: z.number().int(),
});

const cartSchema = envelope(
  z.object({ items: z.array(cartLineSchema), subtotal: z.number().int(), total: z.number().int() }),
);

async function ownerOf(request: FastifyRequest, reply: FastifyReply, create: boolean) {
  const { owner, setCookie } = await resolveCartOwner(
    request.services.cart,
    request.viewer?.id,
    request.headers.cookie,
    { create, secure: request.services.web.secureCookies },
  );
  if (setCookie) reply.header('set-cookie', setCookie);
  return owner;
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];

  app.get(
    '/api/user/cart.json',
    { schema: { tags, summary: 'Giỏ hàng (giá đọc lại từ máy chủ)', response: { 200: cartSchema } } },
    async (request, reply) => ({ data: await request.services.cart.view(await ownerOf(request, reply, false)) }),
  );

  app.patch(
    '/api/user/cart.json',
    {
      schema: {
        tags,
        summary: 'Thêm gói học vào giỏ (hoặc đổi gói của khóa học đã có)',
        body: podIdInput,
        response: { 200: cartSchema },
      },
    },
    async (request, reply) => ({
      data: await request.services.cart.add(await ownerOf(request, reply, true), request.body.pod_id),
    }),
  );

  app.delete(
    '/api/user/cart.json',
    {
      schema: { tags, summary: 'Bỏ gói học khỏi giỏ', body: podIdInput, response: { 200: cartSchema } },
    },
    async (request, reply) => ({
      data: await request.services.cart.remove(await ownerOf(request, reply, false), request.body.pod_id),
    }),
  );
};
