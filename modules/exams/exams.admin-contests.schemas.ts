/** Schemas of the studio's contest API (/api/admin/exam-contests…); the studio pages parse with them too. */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { flag, instant, int, optional } from '../../lib/forms/fields.ts';

export const CONTEST_LIST_STATES = ['open', 'upcoming', 'closed', 'practice'] as const;
export type ContestListState = (typeof CONTEST_LIST_STATES)[number];

export const contestIdParams = z.object({ id: z.coerce.number({ error: 'Mã kỳ thi không hợp lệ.' }).int().positive() });

export const contestsQuery = z.object({
  state: optional(z.enum(CONTEST_LIST_STATES, { error: 'Trạng thái không hợp lệ.' })),
});

export const resultsQuery = pageQuery.extend({
  format: z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json'),
});

export const contestInput = z
  .object({
    title: z
      .string({ error: 'Vui lòng nhập tên kỳ thi.' })
      .trim()
      .min(5, 'Tên kỳ thi 5–200 ký tự.')
      .max(200, 'Tên kỳ thi 5–200 ký tự.'),
    exam_id: int('Vui lòng chọn đề thi.').positive('Vui lòng chọn đề thi.'),
    kind: z.enum(['contest', 'practice'], { error: 'Vui lòng chọn loại kỳ thi.' }),
    opens_at: optional(instant('Giờ mở không hợp lệ.')),
    closes_at: optional(instant('Giờ đóng không hợp lệ.')),
    duration_minutes: int('Thời gian làm bài là số phút.')
      .min(1, 'Thời gian làm bài 1–600 phút.')
      .max(600, 'Thời gian làm bài 1–600 phút.'),
    /** Blank: unlimited. */
    max_attempts: optional(int('Số lượt là số nguyên.').min(1, 'Số lượt 1–100.').max(100, 'Số lượt 1–100.')),
    entry_rule: z.enum(['signed_in', 'course', 'code'], { error: 'Vui lòng chọn ai được dự thi.' }),
    entry_course_id: optional(int('Vui lòng chọn khóa học.').positive('Vui lòng chọn khóa học.')),
    /** Kept hashed; blank on an edit keeps the current code. */
    entry_code: optional(
      z
        .string()
        .trim()
        .min(4, 'Mã dự thi 4–40 ký tự.')
        .max(40, 'Mã dự thi 4–40 ký tự.')
        .regex(/^[\p{L}\p{N}_-]+$/u, 'Mã dự thi chỉ gồm chữ, số, gạch ngang hoặc gạch dưới.'),
    ),
    key_visibility: z.enum(['after_submit', 'after_close'], { error: 'Vui lòng chọn khi nào công bố đáp án.' }),
    is_ranked: flag,
    shuffle: flag,
    post_id: optional(int('Bài cổng thi không hợp lệ.').positive('Bài cổng thi không hợp lệ.')),
    /** Points of the exam ("7,5" or 7.5); blank: no certificate. */
    certificate_min_score: optional(
      z.preprocess(
        (value) => (typeof value === 'string' ? value.trim().replace(',', '.') : value),
        z.coerce
          .number({ error: 'Điểm cấp chứng nhận là một số, ví dụ 8 hoặc 7,5.' })
          .min(0, 'Điểm cấp chứng nhận không được âm.'),
      ),
    ),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'contest') {
      if (!input.opens_at) issue('opens_at', 'Kỳ thi cần giờ mở.');
      if (!input.closes_at) issue('closes_at', 'Kỳ thi cần giờ đóng.');
    }
    if (input.kind === 'practice' && input.is_ranked) issue('is_ranked', 'Phần luyện tập không xếp hạng.');
    if (input.kind === 'practice' && input.certificate_min_score !== undefined)
      issue('certificate_min_score', 'Phần luyện tập không cấp chứng nhận.');
    if (input.opens_at && input.closes_at) {
      const window = Date.parse(input.closes_at) - Date.parse(input.opens_at);
      if (window <= 0) issue('closes_at', 'Giờ đóng phải sau giờ mở.');
      else if (input.duration_minutes * 60_000 > window)
        issue(
          'duration_minutes',
          'Thời gian làm bài dài hơn khung giờ thi: hãy mở sớm hơn, đóng muộn hơn hoặc rút ngắn.',
        );
    }
    if (input.entry_rule === 'course' && !input.entry_course_id)
      issue('entry_course_id', 'Kỳ thi dành cho học viên cần chọn khóa học.');
  });

export type ContestAdminInput = z.infer<typeof contestInput>;

/** A corrected key: a letter, letters, four true/false, short-answer forms (with a tolerance), or words per blank. */
export const keyInput = z.union([
  z.string().max(40),
  z.array(z.boolean()).length(4),
  z.array(z.string().max(40)).max(4),
  z.object({ forms: z.array(z.string().max(40)).min(1).max(10), tolerance: z.number().min(0).nullable().optional() }),
  z.array(z.array(z.string().max(200)).min(1).max(10)).max(20),
]);

export const keyCorrectionInput = z.object({
  question_id: int('Câu hỏi không hợp lệ.').positive('Câu hỏi không hợp lệ.'),
  key: keyInput,
});

const iso = z.string().nullable();
const state = z.enum(CONTEST_LIST_STATES);

const counts = {
  candidates: z.number().int(),
  submitted: z.number().int(),
  auto_submitted: z.number().int(),
  in_room: z.number().int(),
  attempts: z.number().int(),
  /** On the 10-point scale of the exam; null before the first submission. */
  average_score: z.number().nullable(),
};

export const contestRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  kind: z.enum(['contest', 'practice']),
  state,
  exam: z.object({ id: z.number().int(), title: z.string(), subject: z.string() }),
  opens_at: iso,
  closes_at: iso,
  duration_minutes: z.number().int(),
  ...counts,
});

export const contestDetailSchema = contestRowSchema.extend({
  max_attempts: z.number().int().nullable(),
  entry_rule: z.enum(['signed_in', 'course', 'code']),
  entry_course_id: z.number().int().nullable(),
  has_entry_code: z.boolean(),
  key_visibility: z.enum(['after_submit', 'after_close']),
  is_ranked: z.boolean(),
  shuffle: z.boolean(),
  post_id: z.number().int().nullable(),
  /** Points of the exam a candidate needs for a certificate; null: none. */
  certificate_min_score: z.number().nullable(),
  /** When the certificates were issued (the contest closed); the threshold is fixed from then. */
  certificates_issued_at: z.string().nullable(),
  /** Once a candidate has started: the exam, kind, opening, duration and shuffling are fixed. */
  started: z.boolean(),
  public_url: z.string(),
});

export const liveSchema = z.object({ server_now: z.string(), state, ...counts });

export const choicesSchema = z.object({
  exams: z.array(
    z.object({ id: z.number().int(), title: z.string(), subject: z.string(), duration_minutes: z.number().int() }),
  ),
  posts: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string(), published: z.boolean() })),
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

export const resultRowSchema = z.object({
  attempt_id: z.number().int(),
  rank: z.number().int().nullable(),
  attempt_no: z.number().int(),
  candidate: z.string(),
  contact: z.string().nullable(),
  score: z.number(),
  max_score: z.number(),
  parts: z.array(z.number()),
  time_used_seconds: z.number().int(),
  submitted_at: z.string(),
  submitted_by: z.enum(['candidate', 'deadline']),
});

export const analysisSchema = z.object({
  candidates: z.number().int(),
  group_size: z.number().int(),
  reliable: z.boolean(),
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      part: z.number().int(),
      type: z.enum(['single', 'true_false', 'short', 'multiple', 'fill']),
      topic: z.string(),
      difficulty: z.string(),
      points: z.number(),
      prompt_html: z.string(),
      key: z.unknown(),
      candidates: z.number().int(),
      correct_share: z.number(),
      unanswered_share: z.number(),
      statements: z.array(z.object({ label: z.string(), correct_share: z.number() })).nullable(),
      choices: z.array(z.object({ label: z.string(), share: z.number() })).nullable(),
      discrimination: z.number().nullable(),
      flag: z.enum(['negative', 'low']).nullable(),
    }),
  ),
});

export const keyCorrectionSchema = z.object({
  question_id: z.number().int(),
  regraded: z.number().int(),
  changed: z.number().int(),
  notified: z.number().int(),
});
