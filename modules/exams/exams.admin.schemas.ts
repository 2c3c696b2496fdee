/** Schemas of the studio's exam API (exams.admin.routes.ts); messages in Vietnamese for the forms. */
import { z } from 'zod';

const text = (max: number, message: string) => z.string({ error: message }).max(max, `Tối đa ${max} ký tự.`);
const url = z
  .string()
  .trim()
  .max(500, 'Tối đa 500 ký tự.')
  .refine(
    (value) => value === '' || /^(https?:\/\/|\/)\S+$/.test(value),
    'Địa chỉ hình phải bắt đầu bằng https:// hoặc /.',
  )
  .transform((value) => value || null)
  .nullable()
  .default(null);

export const templateSchema = z.enum(['thpt_math', 'thpt_science', 'thpt_language', 'custom'], {
  error: 'Hãy chọn mẫu đề.',
});
export const questionTypeSchema = z.enum(['single', 'true_false', 'short', 'multiple', 'fill']);
export const difficultySchema = z.enum(['easy', 'medium', 'hard'], { error: 'Hãy chọn mức độ.' });

export const idParams = z.object({ id: z.coerce.number({ error: 'Mã không hợp lệ.' }).int().positive() });
export const questionParams = idParams.extend({ question: z.coerce.number().int().positive() });
export const partParams = idParams.extend({ part: z.coerce.number().int().positive() });
export const passageParams = idParams.extend({ passage: z.coerce.number().int().positive() });

export const listQuery = z.object({
  q: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(40).optional(),
});

export const examMetaBody = z.object({
  title: text(200, 'Hãy nhập tên đề.').trim().min(1, 'Hãy nhập tên đề.'),
  slug: z.string().trim().max(120, 'Tối đa 120 ký tự.').nullish(),
  subject: text(40, 'Hãy chọn môn.').trim().min(1, 'Hãy chọn môn.'),
  template: templateSchema,
  description: z.string().max(2000, 'Tối đa 2000 ký tự.').nullish(),
  duration_minutes: z.coerce
    .number({ error: 'Thời gian là số phút.' })
    .int('Thời gian là số phút.')
    .min(1)
    .max(600)
    .nullish(),
});
export const examUpdateBody = examMetaBody.omit({ template: true });

export const optionSchema = z.object({ text: z.string().max(2000, 'Tối đa 2000 ký tự.'), image_url: url });
export const keySchema = z.union([
  z.string(),
  z.array(z.string()),
  z.array(z.boolean()),
  z.array(z.array(z.string())),
  z.object({ forms: z.array(z.string()), tolerance: z.number().nonnegative().nullable().optional() }),
]);

export const questionBody = z.object({
  part: z.number().int().positive(),
  prompt: z.string().max(10_000, 'Tối đa 10 000 ký tự.'),
  image_url: url,
  options: z.array(optionSchema).max(4).default([]),
  key: keySchema,
  explanation: z.string().max(10_000, 'Tối đa 10 000 ký tự.'),
  topic: z.string().trim().max(120, 'Tối đa 120 ký tự.'),
  difficulty: difficultySchema,
  passage_id: z.number().int().positive().nullable().default(null),
  /** Custom exams: points of this question (thousandths); null = the part's. */
  points: z.number().int().min(0).max(100_000).nullish(),
});

export const partBody = z.object({
  title: text(200, 'Hãy nhập tên phần.').trim().min(1, 'Hãy nhập tên phần.'),
  type: questionTypeSchema,
  /** Thousandths of a point per question. */
  points: z.number().int().min(0).max(100_000),
});

export const passageBody = z.object({
  title: z.string().trim().max(200).nullable().default(null),
  content: z.string().max(20_000, 'Tối đa 20 000 ký tự.'),
  audio_url: url,
});

export const moveBody = z.object({ direction: z.enum(['up', 'down']) });

export const previewBody = z.object({
  type: questionTypeSchema,
  template: templateSchema.default('custom'),
  prompt: z.string().max(10_000),
  options: z.array(optionSchema).max(4).default([]),
  explanation: z.string().max(10_000).default(''),
  key: keySchema.optional(),
  passage: z.string().max(20_000).nullish(),
});

export const importBody = z.object({
  text: z.string().min(1, 'Tệp đề trống.').max(500_000, 'Tệp quá lớn (tối đa 500 000 ký tự).'),
  /** Only check: report the problems or what would be created, write nothing. */
  dry_run: z.boolean().default(false),
});

export const idResult = z.object({ id: z.number().int() });

export const examRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subject: z.string(),
  template: templateSchema,
  duration_minutes: z.number(),
  question_count: z.number().int(),
  required_count: z.number().int().nullable(),
  contest_count: z.number().int(),
});

export const examListSchema = z.object({ items: z.array(examRowSchema), subjects: z.array(z.string()) });

export const examDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subject: z.string(),
  template: templateSchema,
  description: z.string().nullable(),
  duration_minutes: z.number(),
  locked: z.boolean().describe('Đã có thí sinh làm bài: cấu trúc và đáp án không sửa được ở đây'),
  attempts: z.number().int(),
  gaps: z.array(z.string()).describe('Những phần còn thiếu hoặc thừa câu so với mẫu đề'),
  parts: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      title: z.string(),
      type: questionTypeSchema,
      points: z.number(),
      count: z.number().int(),
      required: z.number().int().nullable(),
    }),
  ),
  passages: z.array(
    z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      content: z.string(),
      audio_url: z.string().nullable(),
      html: z.string(),
    }),
  ),
  contests: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), kind: z.string() })),
  questions: z.array(
    z.object({
      id: z.number().int(),
      part: z.number().int(),
      number: z.number().int(),
      type: questionTypeSchema,
      prompt: z.string(),
      image_url: z.string().nullable(),
      options: z.array(z.object({ text: z.string(), image_url: z.string().nullable() })),
      key: keySchema,
      explanation: z.string(),
      topic: z.string(),
      difficulty: difficultySchema,
      points: z.number(),
      passage_id: z.number().int().nullable(),
      prompt_html: z.string(),
      options_html: z.array(z.string()),
      explanation_html: z.string(),
    }),
  ),
});

export const previewSchema = z.object({
  prompt_html: z.string(),
  options_html: z.array(z.string()),
  explanation_html: z.string(),
  passage_html: z.string().nullable(),
  problem: z.string().nullable().describe('Lỗi đầu tiên của câu nháp (null khi hợp lệ)'),
});

export const importResultSchema = z.object({
  valid: z.boolean(),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  exam_id: z.number().int().nullable(),
  summary: z
    .object({
      slug: z.string(),
      title: z.string(),
      subject: z.string(),
      template: templateSchema,
      passages: z.number().int(),
      parts: z.array(z.object({ title: z.string(), count: z.number().int() })),
    })
    .nullable(),
});
