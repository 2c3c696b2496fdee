/** Input and output schemas of the exam API (the mobile app's contract; in the OpenAPI document). */
import { z } from 'zod';
import { rowId } from '../learning/extras.schemas.ts';

export const slugSchema = z
  .string({ error: 'Thiếu mã kỳ thi.' })
  .min(1, 'Thiếu mã kỳ thi.')
  .max(120, 'Mã kỳ thi không hợp lệ.')
  .regex(/^[a-z0-9-]+$/, 'Mã kỳ thi không hợp lệ.');
export const attemptIdSchema = rowId('Lượt làm bài không hợp lệ.');

/** "A"–"D" (single choice), four true/false/null (true/false group), a string (short answer), words (fill), or null (clear). */
export const answerInput = z.union([
  z.string().max(40, 'Câu trả lời quá dài.'),
  z.array(z.boolean().nullable()).length(4, 'Câu đúng sai có đúng bốn ý a–d.'),
  z.array(z.string().max(200, 'Câu trả lời quá dài.')).max(20, 'Quá nhiều chỗ trống.'),
  z.null(),
]);

const answerValue = z.union([z.string(), z.array(z.union([z.string(), z.boolean(), z.null()])), z.null()]);
const questionType = z.enum(['single', 'true_false', 'short', 'multiple', 'fill']);
const stateSchema = z.enum(['upcoming', 'open', 'closed']);

export const listQuery = z.object({
  state: stateSchema.optional(),
  subject: z
    .string()
    .max(40)
    .regex(/^[a-z0-9-]+$/, 'Môn thi không hợp lệ.')
    .optional(),
  kind: z.enum(['contest', 'practice']).optional(),
});

const partSummary = z.object({
  position: z.number().int(),
  title: z.string(),
  type: questionType,
  points: z.number(),
  count: z.number().int(),
});

export const contestSchema = z.object({
  slug: z.string(),
  title: z.string(),
  kind: z.enum(['contest', 'practice']),
  state: stateSchema,
  exam: z.object({ slug: z.string(), title: z.string(), subject: z.string(), template: z.string() }),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  duration_seconds: z.number().int(),
  max_attempts: z.number().int().nullable(),
  entry_rule: z.enum(['signed_in', 'course', 'code']),
  key_visibility: z.enum(['after_submit', 'after_close']),
  is_ranked: z.boolean(),
});

export const detailsSchema = contestSchema.extend({
  server_now: z.string(),
  question_count: z.number().int(),
  max_score: z.number(),
  parts: z.array(partSummary),
  requires_code: z.boolean(),
  viewer: z
    .object({
      attempts_used: z.number().int(),
      attempts_left: z.number().int().nullable(),
      open_attempt_id: z.number().int().nullable(),
      submitted_attempt_ids: z.array(z.number().int()),
      reminding: z.boolean().describe('Whether the viewer asked to be reminded before the contest opens'),
    })
    .nullable(),
  certificate_min_score: z
    .number()
    .nullable()
    .describe('The score (points) a candidate needs for the contest certificate; null when it issues none'),
});

export const roomSchema = z.object({
  attempt_id: z.number().int(),
  contest: z.object({ slug: z.string(), title: z.string(), kind: z.enum(['contest', 'practice']) }),
  exam: z.object({ title: z.string(), subject: z.string(), template: z.string() }),
  started_at: z.string(),
  deadline: z.string(),
  server_now: z.string(),
  parts: z.array(partSummary),
  passages: z.array(
    z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      html: z.string(),
      audio_url: z.string().nullable(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      part: z.number().int(),
      type: questionType,
      points: z.number(),
      passage_id: z.number().int().nullable(),
      prompt_html: z.string(),
      image_url: z.string().nullable(),
      options: z.array(z.object({ label: z.string(), html: z.string(), image_url: z.string().nullable() })),
      answer_boxes: z.number().int().nullable(),
    }),
  ),
  answers: z.array(z.object({ question_id: z.number().int(), answer: answerValue, seq: z.number().int() })),
  last_seq: z.number().int(),
});

export const saveBody = z.object({
  attempt_id: attemptIdSchema,
  question_id: rowId('Câu hỏi không hợp lệ.'),
  answer: answerInput,
  seq: z.number({ error: 'Thiếu số thứ tự lần lưu.' }).int().min(1).max(2_147_483_647),
});

export const savedSchema = z.object({
  question_id: z.number().int(),
  seq: z.number().int(),
  applied: z.boolean(),
  answer: answerValue,
  saved_at: z.string(),
});

export const resultSchema = z.object({
  attempt_id: z.number().int(),
  contest: z.object({ slug: z.string(), title: z.string(), kind: z.enum(['contest', 'practice']) }),
  started_at: z.string(),
  submitted_at: z.string(),
  submitted_by: z.enum(['candidate', 'deadline']),
  time_used_seconds: z.number().int(),
  score: z.number(),
  max_score: z.number(),
  score_10: z.number(),
  keys_visible: z.boolean(),
  keys_visible_from: z.string().nullable(),
  parts: z.array(z.object({ position: z.number().int(), title: z.string(), score: z.number(), max_score: z.number() })),
  topics: z.array(
    z.object({
      topic: z.string(),
      score: z.number(),
      max_score: z.number(),
      correct: z.number().int(),
      total: z.number().int(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      part: z.number().int(),
      type: questionType,
      topic: z.string(),
      difficulty: z.enum(['easy', 'medium', 'hard']),
      points: z.number(),
      prompt_html: z.string(),
      options: z.array(z.object({ label: z.string(), html: z.string(), image_url: z.string().nullable() })),
      answer: answerValue,
      correct_answer: answerValue,
      points_awarded: z.number().nullable(),
      statements_right: z.number().int().nullable(),
      explanation_html: z.string().nullable(),
    }),
  ),
  rank: z.number().int().nullable(),
  percentile: z.number().int().nullable(),
  candidates: z.number().int().nullable(),
  certificate: z
    .object({ code: z.string(), url: z.string() })
    .nullable()
    .describe('The contest certificate of this (ranked) attempt, once the final results issued it'),
});

export const reminderBody = z.object({ slug: slugSchema });

export const reminderSchema = z.object({
  slug: z.string(),
  reminding: z.boolean(),
  remind_at: z.string().nullable().describe('When the reminder goes out: 15 minutes before the contest opens'),
});

const rankingEntry = z.object({
  rank: z.number().int(),
  name: z.string(),
  score: z.number(),
  time_used_seconds: z.number().int(),
  is_me: z.boolean(),
});

export const rankingSchema = z.object({
  contest: z.object({ slug: z.string(), title: z.string() }),
  candidates: z.number().int(),
  entries: z.array(rankingEntry),
  me: rankingEntry.extend({ percentile: z.number().int() }).nullable(),
  /** Candidates per whole-point band 0–1 … 9–10. */
  distribution: z.array(z.number().int()),
});
