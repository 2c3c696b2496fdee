/**
 * The studio's contest API under /api/admin/exam-contests…: contests.read to look (list, live view,
 * results with ?format=csv, item analysis), contests.write to schedule, edit and correct a key. The
 * permission is checked before the input is read (401 signed out, 403 without it).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf, sendCsv } from '../../kernel/http/index.ts';
import * as s from './exams.admin-contests.schemas.ts';

const tags = ['admin'];
const read = { permission: 'contests.read' as const };
const write = { permission: 'contests.write' as const };

/** The studio's actor, as the composition root typed the contests' studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['examContests']['create']>[0];

export interface ExamContestsAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const examContestsAdminRoutes: FastifyPluginAsyncZod<ExamContestsAdminRoutesOptions> = async (
  app,
  { actorOf },
) => {
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/exam-contests.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Kỳ thi (quyền contests.read): trạng thái, số thí sinh, đã nộp, đang làm; lọc theo trạng thái',
        querystring: s.contestsQuery,
        response: { 200: envelope(z.array(s.contestRowSchema)) },
      },
    },
    async (request) => ({ data: await request.services.examContests.list(request.query) }),
  );

  app.get(
    '/api/admin/exam-contests/choices.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Lựa chọn khi lên lịch kỳ thi: đề thi, bài viết cổng thi, khóa học (quyền contests.read)',
        response: { 200: envelope(s.choicesSchema) },
      },
    },
    async (request) => ({ data: await request.services.examContests.choices() }),
  );

  app.post(
    '/api/admin/exam-contests.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Lên lịch kỳ thi trên một đề (quyền contests.write): giờ mở/đóng, thời gian làm bài, lượt, ai được dự thi, công bố đáp án; ghi nhật ký',
        body: s.contestInput,
        response: { 200: envelope(s.contestDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.examContests.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/exam-contests/:id.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Chi tiết kỳ thi (quyền contests.read); started: đã có thí sinh làm bài',
        params: s.contestIdParams,
        response: { 200: envelope(s.contestDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.examContests.detail(request.params.id) }),
  );

  app.put(
    '/api/admin/exam-contests/:id.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Sửa kỳ thi (quyền contests.write). Khi đã có thí sinh làm bài: không đổi đề, loại, giờ mở, thời gian làm bài, đảo câu; giờ đóng chỉ lùi muộn hơn',
        params: s.contestIdParams,
        body: s.contestInput,
        response: { 200: envelope(s.contestDetailSchema) },
      },
    },
    async (request) => ({
      data: await request.services.examContests.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/exam-contests/:id/live.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          'Theo dõi trực tiếp (quyền contests.read): đang trong phòng thi, đã nộp, tự nộp khi hết giờ, điểm trung bình',
        params: s.contestIdParams,
        response: { 200: envelope(s.liveSchema) },
      },
    },
    async (request) => ({ data: await request.services.examContests.live(request.params.id) }),
  );

  app.get(
    '/api/admin/exam-contests/:id/results.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          'Kết quả (quyền contests.read): hạng, thí sinh (liên hệ che bớt), điểm, điểm từng phần, thời gian, cách nộp; ?format=csv',
        params: s.contestIdParams,
        querystring: s.resultsQuery,
        response: { 200: listOf(s.resultRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...page } = request.query;
      const contests = request.services.examContests;
      if (format === 'csv')
        return sendCsv(reply, `ket-qua-ky-thi-${request.params.id}`, await contests.resultsCsv(request.params.id));
      const { items, total } = await contests.resultsPage(request.params.id, page);
      return { data: items, meta: { ...page, total } };
    },
  );

  app.get(
    '/api/admin/exam-contests/:id/analysis.json',
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          'Phân tích câu hỏi (quyền contests.read): tỉ lệ đúng, bỏ trống, đúng từng ý, chỉ số phân biệt nhóm 27 % trên − 27 % dưới',
        params: s.contestIdParams,
        response: { 200: envelope(s.analysisSchema) },
      },
    },
    async (request) => ({ data: await request.services.examContests.analysis(request.params.id) }),
  );

  app.post(
    '/api/admin/exam-contests/:id/key.json',
    {
      config: write,
      schema: {
        tags,
        security,
        summary:
          'Sửa đáp án một câu và chấm lại mọi bài đã nộp của đề (quyền contests.write); ghi nhật ký; báo cho thí sinh bị đổi điểm',
        params: s.contestIdParams,
        body: s.keyCorrectionInput,
        response: { 200: envelope(s.keyCorrectionSchema) },
      },
    },
    async (request) => ({
      data: await request.services.examContests.correctKey(actorOf(request), request.params.id, request.body),
    }),
  );
};
