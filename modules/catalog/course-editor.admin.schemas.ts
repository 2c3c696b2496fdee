/** Schemas of the studio course editor's other panels: combos, quizzes, scheduling, reorder, questions (the courses, packages and lessons are in course.admin.schemas.ts; the video uploads' in video.admin.schemas.ts). */
import { z } from 'zod';
import { pageMeta, pageQuery } from '../../kernel/http/index.ts';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const childrenInput = z.object({
  /** The child courses in their order; the whole list replaces the previous one. */
  child_ids: z
    .array(id('Khóa học con không hợp lệ.'), { error: 'Danh sách khóa học con không hợp lệ.' })
    .max(50, 'Một combo có tối đa 50 khóa học.'),
});
export const childSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.string(),
  is_published: z.boolean(),
});
export const childrenSchema = z.object({ data: z.array(childSchema) });

export const scheduleInput = z.object({
  /** ISO 8601 with a zone, or null to cancel the schedule. */
  publish_at: z.iso.datetime({ offset: true, error: 'Thời điểm xuất bản không hợp lệ.' }).nullable(),
});

export const reorderInput = z.object({
  /** Every chapter of the course in its new order, each with every lesson it now holds, in order. */
  chapters: z
    .array(
      z.object({
        id: id('Mã chương không hợp lệ.'),
        lessons: z.array(id('Mã bài học không hợp lệ.')).max(1000),
      }),
      { error: 'Thứ tự không hợp lệ.' },
    )
    .max(500),
});

const QUESTION_KINDS = ['single', 'multiple'] as const;
const text = (max: number, empty: string, long: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, long);
export const quizInput = z.object({
  pass_percent: z.coerce
    .number({ error: 'Điểm đạt cần từ 1 đến 100 (%).' })
    .int('Điểm đạt cần từ 1 đến 100 (%).')
    .min(1, 'Điểm đạt cần từ 1 đến 100 (%).')
    .max(100, 'Điểm đạt cần từ 1 đến 100 (%).'),
  max_attempts: z.coerce.number().int().min(1, 'Số lần làm tối thiểu là 1.').max(100).nullable().default(null),
  time_limit_seconds: z.coerce
    .number()
    .int()
    .min(30, 'Thời gian làm bài tối thiểu 30 giây.')
    .max(14_400, 'Thời gian làm bài tối đa 4 giờ.')
    .nullable()
    .default(null),
  shuffle: z.boolean().default(false),
  questions: z
    .array(
      z.object({
        id: id('Mã câu hỏi không hợp lệ.').optional(),
        kind: z.enum(QUESTION_KINDS, { error: 'Loại câu hỏi không hợp lệ.' }),
        prompt: text(2000, 'Vui lòng nhập nội dung câu hỏi.', 'Câu hỏi tối đa 2000 ký tự.'),
        explanation: z.string().trim().max(2000, 'Giải thích tối đa 2000 ký tự.').nullable().default(null),
        options: z
          .array(
            z.object({
              id: id('Mã đáp án không hợp lệ.').optional(),
              label: text(500, 'Vui lòng nhập nội dung đáp án.', 'Đáp án tối đa 500 ký tự.'),
              is_correct: z.boolean().default(false),
            }),
          )
          .min(2, 'Mỗi câu hỏi cần ít nhất 2 đáp án.')
          .max(10, 'Mỗi câu hỏi có tối đa 10 đáp án.'),
      }),
    )
    .min(1, 'Bài kiểm tra cần ít nhất một câu hỏi.')
    .max(200, 'Bài kiểm tra có tối đa 200 câu hỏi.'),
});
export const quizSchema = z.object({
  lesson_id: z.number(),
  pass_percent: z.number(),
  max_attempts: z.number().nullable(),
  time_limit_seconds: z.number().nullable(),
  shuffle: z.boolean(),
  questions: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      explanation: z.string().nullable(),
      options: z.array(z.object({ id: z.number(), label: z.string(), is_correct: z.boolean() })),
    }),
  ),
});

export const questionsQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Từ khóa quá dài.').optional(),
  course_id: z.preprocess((v) => (v === '' ? undefined : v), id('Khóa học không hợp lệ.').optional()),
  sort: z.enum(['newest', 'oldest'], { error: 'Cách sắp xếp không hợp lệ.' }).default('newest'),
  format: z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json'),
});
export const questionSchema = z.object({
  id: z.number(),
  content: z.string(),
  created_at: z.string(),
  reply_count: z.number(),
  learner_name: z.string(),
  lesson_id: z.number(),
  lesson_title: z.string(),
  course_id: z.number(),
  course_title: z.string(),
  course_slug: z.string(),
});
export const questionsSchema = z.object({
  data: z.array(questionSchema),
  meta: pageMeta,
});
