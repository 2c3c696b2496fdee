import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../kernel/http/index.ts';
import { HLS_ROUTE_PREFIX } from './signing.ts';
import * as schemas from './video.schemas.ts';

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['video'];

  app.get(
    '/api/user/lesson/video.json',
    {
      schema: {
        tags,
        summary:
          'Video của bài học cho trình phát: trạng thái xử lý, tiến độ, danh sách phát HLS và ảnh bìa đã ký, độ phân giải, phụ đề (chỉ người được học bài này)',
        security: [{ bearer: [] }, { cookie: [] }],
        querystring: schemas.videoQuery,
        response: { 200: envelope(schemas.videoPlaybackSchema) },
      },
    },
    async (request, reply) => {
      const lessonId = request.query.lesson_id;
      await request.services.lessonAccess.require(request.viewer?.id ?? null, lessonId);
      reply.header('cache-control', 'private, no-store');
      return { data: await request.services.video.playbackFor(lessonId) };
    },
  );

  app.get(
    `${HLS_ROUTE_PREFIX}/:assetId/*`,
    {
      schema: {
        tags,
        summary:
          'Tệp video HLS (danh sách phát, đoạn, ảnh bìa, phụ đề) qua liên kết đã ký, có hạn, gắn với video và bài học; liên kết sai hoặc hết hạn: 403. Với S3, đoạn, ảnh bìa và phụ đề trả 302 tới liên kết tải trực tiếp có hạn ngắn.',
        params: schemas.hlsParams,
        querystring: schemas.signedMediaQuery,
      },
    },
    async (request, reply) => {
      const file = await request.services.video.serve({
        assetId: request.params.assetId,
        file: request.params['*'],
        lessonId: request.query.l,
        expires: request.query.exp,
        signature: request.query.sig,
      });
      if (file.kind === 'redirect') {
        // The bytes come from object storage (a short-lived presigned GET), not through Node.
        return reply.header('cache-control', file.cacheControl).redirect(file.location, 302);
      }
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', file.cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
