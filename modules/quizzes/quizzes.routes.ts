import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { rowId } from '../learning/extras.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const lessonId = rowId('Bài học không hợp lệ.');
const attemptId = rowId('Lượt làm bài không hợp lệ.');

/** The chosen options of each question (a submission, online or synced from offline). */
export const quizAnswers = z
  .array(
    z.object({
      question_id: rowId('Câu hỏi không hợp lệ.'),
      option_ids: z.array(rowId('Phương án không hợp lệ.')).max(50),
    }),
  )
  .max(500);

const attemptSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  score_percent: z.number().int().nullable(),
  correct_count: z.number().int().nullable(),
  question_count: z.number().int(),
  passed: z.boolean().nullable(),
  timed_out: z.boolean(),
});

const kind = z.enum(['single', 'multiple']);

/** Before submitting: the options carry no correct flag and the questions no explanation. */
const quizSchema = z.object({
  lesson_id: z.number().int(),
  title: z.string(),
  pass_percent: z.number().int(),
  max_attempts: z.number().int().nullable(),
  time_limit_seconds: z.number().int().nullable(),
  question_count: z.number().int(),
  attempts_left: z.number().int().nullable(),
  passed: z.boolean(),
  attempts: z.array(attemptSchema),
  open_attempt: attemptSchema.nullable(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      kind,
      prompt: z.string(),
      options: z.array(z.object({ id: z.number().int(), label: z.string() })),
    }),
  ),
});

const resultSchema = z.object({
  attempt: attemptSchema,
  pass_percent: z.number().int(),
  attempts_left: z.number().int().nullable(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      kind,
      prompt: z.string(),
      explanation: z.string().nullable(),
      correct: z.boolean(),
      options: z.array(
        z.object({ id: z.number().int(), label: z.string(), is_correct: z.boolean(), chosen: z.boolean() }),
      ),
    }),
  ),
});

export const quizzesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['learning'];

  app.get(
    '/api/user/lesson/quiz.json',
    {
      schema: {
        tags,
        summary: 'Bài kiểm tra của một bài học: câu hỏi (không kèm đáp án), số lượt còn lại, các lượt đã làm',
        querystring: z.object({ lesson_id: lessonId }),
        response: { 200: envelope(quizSchema) },
      },
    },
    async (request) => ({
      data: await request.services.quizzes.getQuiz(request.viewer?.id ?? null, request.query.lesson_id),
    }),
  );

  app.post(
    '/api/user/lesson/quiz/start.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Bắt đầu một lượt làm bài (hoặc tiếp tục lượt đang mở); từ chối khi đã hết lượt',
        body: z.object({ lesson_id: lessonId }),
        response: { 200: envelope(quizSchema) },
      },
    },
    async (request) => ({
      data: await request.services.quizzes.start(request.viewer?.id ?? null, request.body.lesson_id),
    }),
  );

  app.post(
    '/api/user/lesson/quiz/submit.json',
    {
      config: perAddress(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Nộp bài: điểm, đạt hay chưa đạt, và đáp án kèm giải thích của từng câu',
        body: z.object({
          attempt_id: attemptId,
          answers: quizAnswers,
        }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.quizzes.submit(
        request.viewer?.id ?? null,
        request.body.attempt_id,
        request.body.answers,
      ),
    }),
  );

  app.get(
    '/api/user/lesson/quiz/attempt.json',
    {
      schema: {
        tags,
        summary: 'Kết quả và đáp án của một lượt đã nộp',
        querystring: z.object({ attempt_id: attemptId }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.quizzes.result(request.viewer?.id ?? null, request.query.attempt_id),
    }),
  );
};
