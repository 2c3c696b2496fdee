import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { ACTIVATION_MESSAGES } from './activation.service.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

export const activationInput = z.object({
  code: z.string({ error: ACTIVATION_MESSAGES.empty }).max(64, ACTIVATION_MESSAGES.malformed),
});

export const redemptionSchema = z.object({
  code: z.string(),
  course: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), type: z.string() }),
  course_ids: z.array(z.number().int()),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  study_url: z.string(),
});

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/order/active.json',
    {
      config: perAddress(ADDRESS_LIMITS.checkout),
      schema: {
        tags: ['orders'],
        summary:
          'Kích hoạt khóa học bằng mã kích hoạt (12 ký tự; chữ thường, dấu cách và gạch ngang được bỏ qua). Nhập sai 5 lần trong 15 phút: 429.',
        body: activationInput,
        response: { 200: envelope(redemptionSchema) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await request.services.activation.redeem(viewer.id, request.body.code, request.ip ?? null) };
    },
  );
};
