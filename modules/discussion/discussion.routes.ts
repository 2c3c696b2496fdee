/** Notes, documents and discussion (`lesson/data.json`) and error reports (`lesson/error.json`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageMeta, pageQuery, requireApiViewer } from '../../kernel/http/index.ts';
import { plainText, rowId } from '../learning/extras.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const lessonId = rowId('Bài học không hợp lệ.');
const position = z
  .number({ error: 'Thời điểm không hợp lệ.' })
  .int('Thời điểm không hợp lệ.')
  .min(0, 'Thời điểm không hợp lệ.')
  .max(86_400, 'Thời điểm không hợp lệ.')
  .nullable()
  .optional();

const noteSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  position: z.number().int().nullable(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const commentBase = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  content: z.string(),
  created_at: z.string(),
  author: z.object({ id: z.number().int(), full_name: z.string(), avatar_url: z.string().nullable() }),
  mine: z.boolean(),
});
const commentSchema = commentBase.extend({ replies: z.array(commentBase) });
const documentSchema = z.object({ title: z.string(), url: z.string() });

const reportSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  reason: z.enum(['video', 'content', 'audio', 'other']),
  reason_label: z.string(),
  content: z.string(),
  status: z.enum(['pending', 'processing', 'complete']),
  created_at: z.string(),
  updated_at: z.string(),
});

const dataInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('note'),
    lesson_id: lessonId,
    content: plainText(4000, 'Vui lòng nhập nội dung ghi chú.', 'Ghi chú tối đa 4000 ký tự.'),
    position,
  }),
  z.object({
    type: z.literal('comment'),
    lesson_id: lessonId,
    content: plainText(2000, 'Vui lòng nhập nội dung bình luận.', 'Bình luận tối đa 2000 ký tự.'),
    parent_id: rowId('Bình luận không hợp lệ.').nullable().optional(),
  }),
]);

export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['learning'];

  app.get(
    '/api/user/lesson/data.json',
    {
      schema: {
        tags,
        summary:
          'Ghi chú riêng (type=note, chỉ của tôi), tài liệu (type=document) hoặc thảo luận (type=comment, phân trang, mới nhất trước, kèm trả lời) của một bài học',
        querystring: pageQuery.extend({
          lesson_id: lessonId,
          type: z.enum(['note', 'comment', 'document'], { error: 'Loại dữ liệu không hợp lệ.' }),
        }),
        response: {
          200: z.object({
            data: z.object({
              notes: z.array(noteSchema).optional(),
              documents: z.array(documentSchema).optional(),
              comments: z.array(commentSchema).optional(),
            }),
            meta: pageMeta.optional(),
          }),
        },
      },
    },
    async (request) => {
      const { lesson_id, type, page, limit } = request.query;
      const viewerId = request.viewer?.id ?? null;
      const { discussion } = request.services;
      if (type === 'note') return { data: { notes: await discussion.listNotes(viewerId, lesson_id) } };
      if (type === 'document') return { data: { documents: await discussion.listDocuments(viewerId, lesson_id) } };
      const result = await discussion.listComments(viewerId, lesson_id, page, limit);
      return { data: { comments: result.items }, meta: { page, limit, total: result.total } };
    },
  );

  app.post(
    '/api/user/lesson/data.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary:
          'Thêm ghi chú riêng (type=note, position = giây của video) hoặc bình luận / trả lời (type=comment, parent_id); chỉ học viên đã đăng ký khóa học',
        body: dataInput,
        response: {
          201: envelope(z.object({ note: noteSchema.optional(), comment: commentSchema.optional() })),
        },
      },
    },
    async (request, reply) => {
      const viewer = requireApiViewer(request);
      const body = request.body;
      const { discussion } = request.services;
      const data =
        body.type === 'note'
          ? { note: await discussion.addNote(viewer.id, body) }
          : { comment: await discussion.addComment(viewer.id, body, viewer.fullName) };
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/user/lesson/data.json',
    {
      schema: {
        tags,
        summary: 'Sửa một ghi chú của tôi',
        body: z.object({
          type: z.literal('note'),
          id: rowId('Ghi chú không hợp lệ.'),
          content: plainText(4000, 'Vui lòng nhập nội dung ghi chú.', 'Ghi chú tối đa 4000 ký tự.'),
          position,
        }),
        response: { 200: envelope(z.object({ note: noteSchema })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const { id, content, position: at } = request.body;
      return { data: { note: await request.services.discussion.updateNote(viewer.id, id, { content, position: at }) } };
    },
  );

  app.delete(
    '/api/user/lesson/data.json',
    {
      schema: {
        tags,
        summary: 'Xóa một ghi chú hoặc một bình luận của tôi (bình luận xóa kèm các trả lời)',
        querystring: z.object({
          type: z.enum(['note', 'comment'], { error: 'Loại dữ liệu không hợp lệ.' }),
          id: rowId('Mã không hợp lệ.'),
        }),
        response: { 200: envelope(z.object({ id: z.number().int(), deleted: z.boolean() })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const { type, id } = request.query;
      const { discussion } = request.services;
      return {
        data:
          type === 'note' ? await discussion.deleteNote(viewer.id, id) : await discussion.deleteComment(viewer.id, id),
      };
    },
  );

  app.get(
    '/api/user/lesson/error.json',
    {
      schema: {
        tags,
        summary: 'Các báo lỗi của tôi về một bài học, với trạng thái (pending, processing, complete)',
        querystring: z.object({ lesson_id: lessonId }),
        response: { 200: envelope(z.array(reportSchema)) },
      },
    },
    async (request) => ({
      data: await request.services.discussion.listErrorReports(request.viewer?.id ?? null, request.query.lesson_id),
    }),
  );

  app.post(
    '/api/user/lesson/error.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Báo lỗi bài học (video: video không phát, content: sai nội dung, audio: âm thanh, other: khác)',
        body: z.object({
          lesson_id: lessonId,
          reason: z.enum(['video', 'content', 'audio', 'other'], { error: 'Vui lòng chọn loại lỗi.' }),
          content: plainText(2000, 'Vui lòng mô tả lỗi bạn gặp.', 'Mô tả tối đa 2000 ký tự.'),
        }),
        response: { 201: envelope(reportSchema) },
      },
    },
    async (request, reply) => {
      const viewer = requireApiViewer(request);
      const data = await request.services.discussion.reportError(viewer.id, request.body);
      return reply.status(201).send({ data });
    },
  );
};
