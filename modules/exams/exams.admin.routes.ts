/**
 * The studio's exam API under /api/admin/exams…: exams, questions, parts, passages, the live
 * preview of a draft question, clone and import. Every route needs `exams.write` (editors and
 * admins), checked before the input is read: 401 signed out, 403 without the permission.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes } from '../../kernel/http/index.ts';
import * as s from './exams.admin.schemas.ts';

const config = { permission: 'exams.write' as const };
const tags = ['admin'];
const done = { 200: envelope(z.object({ ok: z.literal(true) })) };
const created = { 200: envelope(s.idResult) };

/** The studio's actor, as the composition root typed the exam authoring (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['examsAdmin']['create']>[0];

export interface ExamsAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const examsAdminRoutes: FastifyPluginAsyncZod<ExamsAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);
  const base = '/api/admin/exams';
  const doc = (summary: string) => ({ tags, security, summary: `${summary} (quyền exams.write)` });

  app.get(
    `${base}.json`,
    {
      config,
      schema: {
        ...doc('Đề thi: tìm theo tên (không dấu), lọc theo môn'),
        querystring: s.listQuery,
        response: { 200: envelope(s.examListSchema) },
      },
    },
    async (request) => ({ data: await request.services.examsAdmin.list(request.query) }),
  );

  app.post(
    `${base}.json`,
    {
      config,
      schema: {
        ...doc('Tạo đề (chưa có câu hỏi; mẫu THPT mang sẵn các phần)'),
        body: s.examMetaBody,
        response: created,
      },
    },
    async (request) => ({ data: { id: await request.services.examsAdmin.create(actorOf(request), request.body) } }),
  );

  app.post(
    `${base}/preview.json`,
    {
      config,
      schema: {
        ...doc('Xem trước một câu nháp: công thức LaTeX dựng thành HTML + MathML, kèm lỗi đầu tiên nếu có'),
        body: s.previewBody,
        response: { 200: envelope(s.previewSchema) },
      },
    },
    async (request) => ({ data: request.services.examsAdmin.preview(request.body) }),
  );

  app.post(
    `${base}/import.json`,
    {
      config,
      schema: {
        ...doc('Nhập cả đề từ tệp văn bản (docs/exam-import.md): tất cả hoặc không; lỗi ghi số dòng'),
        description:
          'dry_run: chỉ kiểm tra. Tệp có lỗi: 400, `error.fields` có khóa là số dòng và thông điệp “Dòng N: …”.',
        body: s.importBody,
        response: { 200: envelope(s.importResultSchema) },
      },
    },
    async (request) => {
      const exams = request.services.examsAdmin;
      if (request.body.dry_run) {
        const checked = await exams.checkImport(request.body.text);
        const summary = checked.summary ? { ...checked.summary, questions: undefined } : null;
        return { data: { valid: checked.problems.length === 0, problems: checked.problems, exam_id: null, summary } };
      }
      const { id, ...summary } = await exams.importText(actorOf(request), request.body.text);
      return { data: { valid: true, problems: [], exam_id: id, summary } };
    },
  );

  app.get(
    `${base}/:id.json`,
    {
      config,
      schema: {
        ...doc('Một đề với các phần, đoạn văn, câu hỏi (kèm đáp án) và kỳ thi dùng đề'),
        params: s.idParams,
        response: { 200: envelope(s.examDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.examsAdmin.detail(request.params.id) }),
  );

  app.put(
    `${base}/:id.json`,
    {
      config,
      schema: {
        ...doc('Sửa tên, môn, mô tả, thời gian (đề tự do), đường dẫn (khi chưa có thí sinh)'),
        params: s.idParams,
        body: s.examUpdateBody,
        response: done,
      },
    },
    async (request) => {
      await request.services.examsAdmin.update(actorOf(request), request.params.id, request.body);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${base}/:id/clone.json`,
    {
      config,
      schema: {
        ...doc('Nhân bản đề: phần, đoạn văn, câu hỏi; tên “… (bản sao)”, đường dẫn mới'),
        params: s.idParams,
        response: created,
      },
    },
    async (request) => ({ data: { id: await request.services.examsAdmin.clone(actorOf(request), request.params.id) } }),
  );

  app.post(
    `${base}/:id/questions.json`,
    {
      config,
      schema: {
        ...doc('Thêm câu hỏi vào một phần (loại câu theo phần)'),
        params: s.idParams,
        body: s.questionBody,
        response: created,
      },
    },
    async (request) => ({
      data: {
        id: await request.services.examsAdmin.saveQuestion(actorOf(request), request.params.id, null, request.body),
      },
    }),
  );

  app.put(
    `${base}/:id/questions/:question.json`,
    {
      config,
      schema: {
        ...doc('Sửa câu hỏi; đề đã có thí sinh: chỉ lời văn, lời giải, chuyên đề, mức độ, hình'),
        params: s.questionParams,
        body: s.questionBody,
        response: created,
      },
    },
    async (request) => {
      const { id, question } = request.params;
      return {
        data: { id: await request.services.examsAdmin.saveQuestion(actorOf(request), id, question, request.body) },
      };
    },
  );

  app.delete(
    `${base}/:id/questions/:question.json`,
    { config, schema: { ...doc('Xóa câu hỏi (khi chưa có thí sinh)'), params: s.questionParams, response: done } },
    async (request) => {
      await request.services.examsAdmin.removeQuestion(actorOf(request), request.params.id, request.params.question);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${base}/:id/questions/:question/move.json`,
    {
      config,
      schema: {
        ...doc('Đổi chỗ câu hỏi lên/xuống trong phần'),
        params: s.questionParams,
        body: s.moveBody,
        response: done,
      },
    },
    async (request) => {
      const { id, question } = request.params;
      await request.services.examsAdmin.moveQuestion(actorOf(request), id, question, request.body.direction);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${base}/:id/parts.json`,
    { config, schema: { ...doc('Thêm phần vào đề tự do'), params: s.idParams, body: s.partBody, response: done } },
    async (request) => {
      await request.services.examsAdmin.addPart(actorOf(request), request.params.id, request.body);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    `${base}/:id/parts/:part.json`,
    { config, schema: { ...doc('Xóa phần cuối (trống) của đề tự do'), params: s.partParams, response: done } },
    async (request) => {
      await request.services.examsAdmin.removePart(actorOf(request), request.params.id, request.params.part);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    `${base}/:id/passages.json`,
    {
      config,
      schema: {
        ...doc('Thêm đoạn văn hoặc bài nghe dùng chung cho nhiều câu'),
        params: s.idParams,
        body: s.passageBody,
        response: created,
      },
    },
    async (request) => ({
      data: {
        id: await request.services.examsAdmin.savePassage(actorOf(request), request.params.id, null, request.body),
      },
    }),
  );

  app.put(
    `${base}/:id/passages/:passage.json`,
    { config, schema: { ...doc('Sửa đoạn văn'), params: s.passageParams, body: s.passageBody, response: created } },
    async (request) => {
      const { id, passage } = request.params;
      return {
        data: { id: await request.services.examsAdmin.savePassage(actorOf(request), id, passage, request.body) },
      };
    },
  );

  app.delete(
    `${base}/:id/passages/:passage.json`,
    { config, schema: { ...doc('Xóa đoạn văn (khi chưa có thí sinh)'), params: s.passageParams, response: done } },
    async (request) => {
      await request.services.examsAdmin.removePassage(actorOf(request), request.params.id, request.params.passage);
      return { data: { ok: true as const } };
    },
  );
};
