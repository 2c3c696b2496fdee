/**
 * Studio courses under /api/admin/courses…: list, create and edit, packages, the lesson tree,
 * publish and unpublish, and the video upload of a video lesson (raw body streamed to a temp file,
 * then queued for the transcoding worker). Every route needs `courses.write`.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/format/bytes.ts';
import * as schemas from './course.admin.schemas.ts';

const config = { permission: 'courses.write' as const };
/** Creating, packages and publishing: editors and admins only (teachers edit their own content). */
const manage = { permission: 'courses.manage' as const };
const detail = { 200: envelope(schemas.courseDetailSchema) };
/** The body types a video upload may arrive as (the browser sends the file's own type). */
const VIDEO_BODY = /^(video\/[\w.+-]+|application\/octet-stream)$/;

/** The studio's actor, as the composition root typed the course editor (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['studioCourses']['create']>[0];

export interface CourseAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
  videoMaxBytes: number;
}

/** Streams the body to a temp file, refusing more than maxBytes; the caller removes the directory. */
async function saveUpload(body: Readable, maxBytes: number, extension: string): Promise<{ dir: string; file: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'khai-tri-upload-'));
  const file = path.join(dir, `source${extension}`);
  let size = 0;
  const tooLarge = new AppError('BUSINESS_RULE', `Tệp video tối đa ${formatMegabytes(maxBytes)}.`);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge : null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file));
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (size === 0) {
    await fs.rm(dir, { recursive: true, force: true });
    throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn tệp video.');
  }
  return { dir, file };
}

export const courseAdminRoutes: FastifyPluginAsyncZod<CourseAdminRoutesOptions> = async (app, options) => {
  const tags = ['admin'];
  const { actorOf } = options;

  // The permission is checked before the body is read (nothing is streamed for the unauthorised).
  guardAdminRoutes(app, actorOf);
  // A teacher reaches only the courses they teach (403 on another teacher's course), before any body is used.
  app.addHook('preValidation', async (request) => {
    const id = Number((request.params as { id?: string } | undefined)?.id);
    if (Number.isInteger(id) && id > 0) await request.services.studioCourses.assertCanEdit(request.viewer!, id);
  });
  // Video bodies are not parsed: the upload route streams them to disk.
  app.addContentTypeParser(VIDEO_BODY, (_request, payload, done) => done(null, payload));

  app.get(
    '/api/admin/courses.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Khóa học (quyền courses.write): tìm theo tên, lọc đã xuất bản / bản nháp, phân trang',
        querystring: schemas.coursesQuery,
        response: { 200: schemas.courseListSchema },
      },
    },
    async (request) => {
      const { page, limit, q, status } = request.query;
      const published = status === undefined ? undefined : status === 'published';
      const teacherId = await request.services.studioCourses.teacherScope(request.viewer!);
      const { items, total } = await request.services.studioCourses.list({ page, limit, q, published, teacherId });
      return { data: items, meta: { page, limit, total } };
    },
  );

  app.post(
    '/api/admin/courses.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Tạo khóa học (bản nháp; đường dẫn tạo từ tiêu đề); ghi nhật ký',
        body: schemas.courseInput,
        response: detail,
      },
    },
    async (request) => ({ data: await request.services.studioCourses.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/courses/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Chi tiết khóa học: gói học, cây bài học và trạng thái video',
        params: schemas.courseIdParams,
        response: detail,
      },
    },
    async (request) => ({ data: await request.services.studioCourses.detail(request.params.id) }),
  );

  app.put(
    '/api/admin/courses/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Sửa khóa học (mô tả được lọc HTML); ghi nhật ký',
        params: schemas.courseIdParams,
        body: schemas.courseInput,
        response: detail,
      },
    },
    async (request) => ({
      data: await request.services.studioCourses.update(actorOf(request), request.params.id, request.body),
    }),
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/admin/courses/:id/${action}.json`,
      {
        config: manage,
        schema: {
          tags,
          security,
          summary: published
            ? 'Xuất bản khóa học (cần ít nhất một bài học và một gói đang bán); ghi nhật ký'
            : 'Ngừng xuất bản khóa học; ghi nhật ký',
          params: schemas.courseIdParams,
          response: detail,
        },
      },
      async (request) => ({
        data: await request.services.studioCourses.setPublished(actorOf(request), request.params.id, published),
      }),
    );
  }

  app.post(
    '/api/admin/courses/:id/pods.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Thêm gói học (chu kỳ theo SPEC §9, giá, hình thức thanh toán); ghi nhật ký',
        params: schemas.courseIdParams,
        body: schemas.podInput,
        response: detail,
      },
    },
    async (request) => ({
      data: await request.services.studioCourses.addPod(actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/admin/courses/:id/pods/:podId.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Sửa gói học; is_active=false để ngừng bán; ghi nhật ký',
        params: schemas.podParams,
        body: schemas.podInput,
        response: detail,
      },
    },
    async (request) => {
      const { id, podId } = request.params;
      return { data: await request.services.studioCourses.updatePod(actorOf(request), id, podId, request.body) };
    },
  );

  app.post(
    '/api/admin/courses/:id/chapters.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Thêm chương vào cuối cây bài học; ghi nhật ký',
        params: schemas.courseIdParams,
        body: schemas.chapterInput,
        response: detail,
      },
    },
    async (request) => ({
      data: await request.services.studioCourses.addChapter(actorOf(request), request.params.id, request.body.title),
    }),
  );

  app.post(
    '/api/admin/courses/:id/lessons.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Thêm bài học (video, youtube, bài đọc, bài kiểm tra, tài liệu) vào cuối một chương; ghi nhật ký',
        params: schemas.courseIdParams,
        body: schemas.lessonInput,
        response: detail,
      },
    },
    async (request) => {
      const { chapter_id, ...input } = request.body;
      return {
        data: await request.services.studioCourses.addLesson(actorOf(request), request.params.id, chapter_id, input),
      };
    },
  );

  app.put(
    '/api/admin/courses/:id/lessons/:lessonId.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Sửa chương hoặc bài học (nội dung được lọc HTML); ghi nhật ký',
        params: schemas.lessonParams,
        body: schemas.lessonUpdateInput,
        response: detail,
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      return { data: await request.services.studioCourses.updateLesson(actorOf(request), id, lessonId, request.body) };
    },
  );

  app.delete(
    '/api/admin/courses/:id/lessons/:lessonId.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Xóa bài học hoặc chương trống; ghi nhật ký',
        params: schemas.lessonParams,
        response: detail,
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      return { data: await request.services.studioCourses.deleteLesson(actorOf(request), id, lessonId) };
    },
  );

  app.post(
    '/api/admin/courses/:id/lessons/:lessonId/move.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Chuyển chương hoặc bài học lên / xuống một vị trí; ghi nhật ký',
        params: schemas.lessonParams,
        body: schemas.moveInput,
        response: detail,
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      const { direction } = request.body;
      return { data: await request.services.studioCourses.moveLesson(actorOf(request), id, lessonId, direction) };
    },
  );

  app.post(
    '/api/admin/courses/:id/lessons/:lessonId/video.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: `Tải lên video cho bài video: thân yêu cầu là tệp (video/* hoặc application/octet-stream); tệp được đưa vào hàng đợi chuyển mã; ghi nhật ký`,
        params: schemas.lessonParams,
        querystring: schemas.uploadQuery,
        response: { 200: envelope(schemas.videoStatusSchema) },
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      const actor = actorOf(request);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > options.videoMaxBytes)
        throw new AppError('BUSINESS_RULE', `Tệp video tối đa ${formatMegabytes(options.videoMaxBytes)}.`);
      if (!request.body || typeof (request.body as Readable).pipe !== 'function')
        throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn tệp video.');
      // Nothing is stored for a lesson that cannot take a video.
      await request.services.studioCourses.requireVideoLesson(id, lessonId);
      const extension = path.extname(request.query.filename ?? '').toLowerCase();
      const safeExtension = /^\.[a-z0-9]{1,5}$/.test(extension) ? extension : '';
      const upload = await saveUpload(request.body as Readable, options.videoMaxBytes, safeExtension);
      try {
        const status = await request.services.studioCourses.uploadVideo(actor, id, lessonId, upload.file);
        return { data: { ...status, error: null } };
      } finally {
        await fs.rm(upload.dir, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/api/admin/courses/:id/lessons/:lessonId/video.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Trạng thái chuyển mã video của bài học: đang chờ, đang xử lý (%), sẵn sàng hoặc lỗi',
        params: schemas.lessonParams,
        response: { 200: envelope(schemas.videoStatusSchema) },
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      return { data: await request.services.studioCourses.videoStatus(id, lessonId) };
    },
  );
};
