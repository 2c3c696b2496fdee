/** The communes/wards of a province for the address in the profile (public, cacheable like provinces.json). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { wardsOf } from './wards.ts';

const wardsQuery = z.object({
  province_code: z
    .string({ error: 'Vui lòng chọn tỉnh/thành phố.' })
    .trim()
    .min(1, 'Vui lòng chọn tỉnh/thành phố.')
    .max(10, 'Mã tỉnh/thành phố không hợp lệ.'),
});

const wardSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['ward', 'commune', 'special_zone']),
});

export const wardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];
  const schema = (summary: string) => ({
    tags,
    summary,
    querystring: wardsQuery,
    response: { 200: envelope(z.array(wardSchema)) },
  });
  const handler = async (
    request: { query: z.infer<typeof wardsQuery> },
    reply: { header: (k: string, v: string) => unknown },
  ) => {
    const wards = wardsOf(request.query.province_code);
    if (!wards)
      throw new AppError('VALIDATION_FAILED', 'Tỉnh/thành phố không hợp lệ.', {
        province_code: 'Chọn một tỉnh/thành phố trong danh sách.',
      });
    reply.header('cache-control', 'public, max-age=86400');
    return { data: [...wards] };
  };

  app.get(
    '/api/user/districts.json',
    {
      schema: schema(
        'Phường, xã, đặc khu của một tỉnh/thành phố (từ 01/07/2025 không còn cấp huyện: trả về các đơn vị trực thuộc tỉnh)',
      ),
    },
    handler,
  );
  app.get(
    '/api/user/wards.json',
    { schema: schema('Phường, xã, đặc khu của một tỉnh/thành phố (như districts.json)') },
    handler,
  );
};
