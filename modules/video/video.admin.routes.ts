/**
 * The studio's resumable video uploads under /api/admin/courses/:id/lessons/:lessonId/uploads…:
 * start an upload, ask for its offset, send a chunk. They are registered inside the studio's
 * course-editor plugin (modules/catalog/course-extras.admin.routes.ts), whose hooks check the permission
 * and that a teacher edits only their own courses; the studio's permission check arrives as
 * `actorOf`, like its audit log does for the service.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as schemas from './video.admin.schemas.ts';

const tags = ['admin'];
const write = { permission: 'courses.write' as const };
/** Chunk bodies (tus uses application/offset+octet-stream) are streamed, never parsed. */
const CHUNK_BODY = /^application\/(offset\+)?octet-stream$/;

/** The studio's actor, as the composition root typed the uploads (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['videoUploads']['create']>[0];

export interface VideoAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** Registers the upload routes on the studio's course-editor plugin, in their place among its routes. */
export function videoAdminRoutes(instance: FastifyInstance, { actorOf }: VideoAdminRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(CHUNK_BODY, (_request, payload, done) => done(null, payload));

  app.post(
    '/api/admin/courses/:id/lessons/:lessonId/uploads.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Bắt đầu tải lên video có thể tiếp tục: khai báo dung lượng, nhận mã phiên; ghi nhật ký',
        params: schemas.uploadLessonParams,
        body: schemas.uploadCreateInput,
        response: { 200: envelope(schemas.uploadSchema) },
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      return { data: await request.services.videoUploads.create(actorOf(request), id, lessonId, request.body) };
    },
  );

  app.get(
    '/api/admin/courses/:id/lessons/:lessonId/uploads/:uploadId.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Phiên tải lên: số byte đã nhận (vị trí để tiếp tục)',
        params: schemas.uploadParams,
        response: { 200: envelope(schemas.uploadSchema) },
      },
    },
    async (request) => {
      const { id, lessonId, uploadId } = request.params;
      return { data: await request.services.videoUploads.status(id, lessonId, uploadId) };
    },
  );

  app.patch(
    '/api/admin/courses/:id/lessons/:lessonId/uploads/:uploadId.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Gửi một phần tệp (application/octet-stream) bắt đầu tại ?offset=; phần cuối đưa video vào hàng đợi chuyển mã; 409 kèm vị trí đúng khi lệch',
        params: schemas.uploadParams,
        querystring: schemas.uploadChunkQuery,
        response: { 200: envelope(schemas.uploadSchema) },
      },
    },
    async (request) => {
      const { id, lessonId, uploadId } = request.params;
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function')
        throw new AppError('VALIDATION_FAILED', 'Phần tệp phải gửi dạng application/octet-stream.');
      const actor = actorOf(request);
      return {
        data: await request.services.videoUploads.append(actor, id, lessonId, uploadId, request.query.offset, body),
      };
    },
  );
}
