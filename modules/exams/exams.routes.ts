/** The exam API: /api/user/exam… (list, details, start, answer, submit, result, ranking, reminders). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import {
  attemptIdSchema,
  contestSchema,
  detailsSchema,
  listQuery,
  rankingSchema,
  reminderBody,
  reminderSchema,
  resultSchema,
  roomSchema,
  savedSchema,
  saveBody,
  slugSchema,
} from './exams.schemas.ts';

export const examsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exams'];

  app.get(
    '/api/user/exam.json',
    {
      schema: {
        tags,
        summary: 'Các kỳ thi và phòng luyện tập: lọc theo trạng thái (upcoming, open, closed), môn, loại',
        querystring: listQuery,
        response: { 200: envelope(z.array(contestSchema)) },
      },
    },
    async (request) => ({ data: await request.services.exams.list(request.query) }),
  );

  app.get(
    '/api/user/exam/details.json',
    {
      schema: {
        tags,
        summary: 'Một kỳ thi: thể lệ, cấu trúc đề, giờ máy chủ, số lượt đã làm của người xem',
        querystring: z.object({ slug: slugSchema }),
        response: { 200: envelope(detailsSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.details(request.viewer?.id ?? null, request.query.slug),
    }),
  );

  app.post(
    '/api/user/exam/start.json',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Bắt đầu (hoặc tiếp tục) một lượt: đề theo thứ tự của thí sinh, không kèm đáp án hay lời giải',
        body: z.object({ slug: slugSchema, code: z.string().max(64).optional() }),
        response: { 200: envelope(roomSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.start(request.viewer?.id ?? null, request.body.slug, request.body.code),
    }),
  );

  app.patch(
    '/api/user/exam/answer.json',
    {
      // The save checks the session in its own statement (exams.saves.ts): no lookup before it.
      config: { rateLimit: { max: 600, timeWindow: 60_000 }, sessionInStatement: true },
      schema: {
        tags,
        summary: 'Lưu một câu trả lời (seq tăng dần theo lượt: lần lưu có seq thấp hơn lần đã ghi bị bỏ qua)',
        body: saveBody,
        response: { 200: envelope(savedSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.saveAnswer(request.sessionClaim ?? request.viewer?.id ?? null, request.body),
    }),
  );

  app.post(
    '/api/user/exam/submit.json',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Nộp bài: chấm điểm theo thang của đề và trả về kết quả',
        body: z.object({ attempt_id: attemptIdSchema }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.submit(request.viewer?.id ?? null, request.body.attempt_id),
    }),
  );

  app.get(
    '/api/user/exam/result.json',
    {
      schema: {
        tags,
        summary:
          'Kết quả một lượt đã nộp: điểm, từng phần, chuyên đề, từng câu (đáp án null khi chưa được công bố), hạng',
        querystring: z.object({ attempt_id: attemptIdSchema }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.result(request.viewer?.id ?? null, request.query.attempt_id),
    }),
  );

  app.get(
    '/api/user/exam/ranking.json',
    {
      schema: {
        tags,
        summary: 'Bảng xếp hạng: điểm, rồi thời gian làm bài; bằng điểm và thời gian thì cùng hạng',
        querystring: z.object({ slug: slugSchema }),
        response: { 200: envelope(rankingSchema) },
      },
    },
    async (request) => ({
      data: await request.services.exams.ranking(request.viewer?.id ?? null, request.query.slug),
    }),
  );

  const remindSchema = (summary: string) => ({
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { tags, summary, body: reminderBody, response: { 200: envelope(reminderSchema) } },
  });

  app.post(
    '/api/user/exam/remind.json',
    remindSchema('Nhắc tôi: thông báo trong ứng dụng và Web Push 15 phút trước khi kỳ thi mở (chỉ kỳ thi chưa mở)'),
    async (request) => ({ data: await request.services.exams.remind(request.viewer?.id ?? null, request.body.slug) }),
  );

  app.delete(
    '/api/user/exam/remind.json',
    remindSchema('Bỏ nhắc: không gửi lời nhắc cho kỳ thi này nữa'),
    async (request) => ({ data: await request.services.exams.unremind(request.viewer?.id ?? null, request.body.slug) }),
  );
};
