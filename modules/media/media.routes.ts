import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as schemas from './media.schemas.ts';
import { PRESIGN_FAILED, PresignFailedError } from './media.service.ts';
import { isLocalStorage, UPLOAD_PATH } from './storage.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

export interface MediaRoutesOptions {
  /** UPLOAD_MAX_BYTES: the body limit of the local upload endpoint (base64 bodies are a third larger). */
  maxBytes: number;
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const tags = ['media'];

  app.put(
    '/api/user/s3.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Xin địa chỉ tải tệp lên (presigned URL); sau đó PUT tệp tới `url` với `x-amz-acl: public-read`',
        security: [{ bearer: [] }, { cookie: [] }],
        body: schemas.uploadRequestInput,
        response: { 200: envelope(schemas.presignedUploadSchema), 502: schemas.errorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = requireApiViewer(request);
      try {
        return { data: await request.services.media.requestUpload(viewer, request.body) };
      } catch (error) {
        if (!(error instanceof PresignFailedError)) throw error;
        request.log.warn({ err: error.cause }, 'the storage driver gave no presigned URL');
        return reply.status(502).send({ error: { code: 'STORAGE_UNAVAILABLE', message: PRESIGN_FAILED } });
      }
    },
  );

  app.post(
    '/api/user/avatar.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary:
          'Đặt ảnh đã tải lên (trong thư mục của chính bạn) làm ảnh đại diện: ảnh ≤ 5 MB, chuyển thành WebP 512×512',
        security: [{ bearer: [] }, { cookie: [] }],
        body: schemas.avatarInput,
        response: { 200: envelope(schemas.avatarSchema) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await request.services.media.setAvatar(viewer.id, request.body.key) };
    },
  );

  // The local driver's stand-in for S3's presigned PUT: any body type, as raw bytes.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: Math.ceil((options.maxBytes * 4) / 3) + 4096 },
      (_request, body, done) => {
        done(null, body);
      },
    );

    uploads.put(
      UPLOAD_PATH,
      {
        schema: {
          tags,
          summary: 'Nhận tệp tại địa chỉ tải lên đã ký (chỉ khi lưu trữ trên đĩa); thay cho S3 presigned PUT',
          querystring: schemas.signedUploadQuery,
          response: { 200: envelope(schemas.uploadedSchema) },
        },
      },
      async (request) => {
        const storage = request.services.media.storage;
        if (!isLocalStorage(storage)) throw new AppError('NOT_FOUND', 'Không tìm thấy.');
        const acl = request.headers['x-amz-acl'];
        const upload = storage.verifyUpload(request.query, {
          contentType: request.headers['content-type'],
          acl: Array.isArray(acl) ? acl.join(',') : acl,
        });
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const size = await storage.acceptUpload(upload, body);
        return { data: { key: upload.key, size, direct_url: storage.publicUrl(upload.key) } };
      },
    );
  });
};
