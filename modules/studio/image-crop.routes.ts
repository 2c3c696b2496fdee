/**
 * The studio's image crop upload under /api/admin/, with the `site.write` permission (editors and
 * admins): the image is cropped, scaled for its use and stored (modules/studio/image-crop.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_USES, type ImageUse } from './image-uses.ts';
import { actorOf } from './studio.routes.ts';

const tags = ['admin'];

export const imageUploadSchema = z.object({ url: z.string(), width: z.number(), height: z.number(), use: z.string() });

/** 401 / 403 come first, before the query or body is validated; a route must name its permission. */
const guard = (app: FastifyInstance) => guardAdminRoutes(app, actorOf);

const cropQuery = z.object({
  use: z.enum(Object.keys(IMAGE_USES) as [ImageUse, ...ImageUse[]], {
    error: 'Mục đích ảnh không hợp lệ.',
  }),
  x: z.coerce.number({ error: 'Vùng cắt không hợp lệ.' }).int().min(0).max(100_000).optional(),
  y: z.coerce.number({ error: 'Vùng cắt không hợp lệ.' }).int().min(0).max(100_000).optional(),
  width: z.coerce.number({ error: 'Vùng cắt không hợp lệ.' }).int().min(1).max(100_000).optional(),
  height: z.coerce.number({ error: 'Vùng cắt không hợp lệ.' }).int().min(1).max(100_000).optional(),
});

/** The image crop upload (registered last of the studio's site pages, server/routes.ts: the OpenAPI order). */
export const imageCropRoutes: FastifyPluginAsyncZod<{ imageMaxBytes: number }> = async (app, options) => {
  guard(app);
  // Image uploads: the multipart body is read whole (up to the limit) and parsed by the handler.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: options.imageMaxBytes + 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/admin/images.json',
    {
      config: { permission: 'site.write' },
      schema: {
        tags,
        security,
        summary:
          'Tải ảnh lên (multipart/form-data, trường file) và cắt theo vùng x, y, width, height (điểm ảnh của ảnh gốc); thu nhỏ theo mục đích (use), lưu WebP và trả về địa chỉ',
        querystring: cropQuery,
        response: { 200: envelope(imageUploadSchema) },
      },
    },
    async (request) => {
      const { use, x, y, width, height } = request.query;
      const body = request.body;
      const type = request.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(body) || !type.toLowerCase().startsWith('multipart/form-data'))
        throw new AppError('VALIDATION_FAILED', 'Vui lòng gửi ảnh dạng multipart/form-data.');
      let file: FormDataEntryValue | null;
      try {
        file = (await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()).get('file');
      } catch {
        throw new AppError('VALIDATION_FAILED', 'Dữ liệu tải lên không hợp lệ.');
      }
      if (!file || typeof file === 'string')
        throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn ảnh.', { file: 'Vui lòng chọn ảnh.' });
      const crop =
        x !== undefined && y !== undefined && width !== undefined && height !== undefined
          ? { x, y, width, height }
          : null;
      const bytes = Buffer.from(await file.arrayBuffer());
      return { data: await request.services.imageCrop.cropAndStore(bytes, use, crop) };
    },
  );
};
