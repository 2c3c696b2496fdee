import { z } from 'zod';
import type { CourseType } from '../../db/schema.ts';
import { listOf, pageQuery } from '../../kernel/http/index.ts';

/** Empty form fields ('' or only spaces) count as empty (SPEC §5 "Display"). */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, message).nullable().default(null));
const money = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(1_000_000_000, message)
      .nullable()
      .default(null),
  );
const optionalId = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).positive(message).nullable().default(null),
  );
const url = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(500, message)
      .regex(/^(https?:\/\/|\/)[^\s]*$/, message)
      .nullable()
      .default(null),
  );
/** A select left empty takes its default. */
const withDefault = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);
const title = z
  .string({ error: 'Vui lòng nhập tiêu đề.' })
  .trim()
  .min(3, 'Tiêu đề cần 3–200 ký tự.')
  .max(200, 'Tiêu đề cần 3–200 ký tự.');

export const COURSE_TYPES = ['retail', 'no_retail', 'combo', 'api'] as const;
/** SPEC §9 price period units: 1 day … 4 year, 5 unlimited, 6–9 fixed day counts. */
export const POD_CYCLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const PAYMENT_TYPES = ['online', 'sms', 'sms_online'] as const;
export const LESSON_KINDS = ['video', 'youtube', 'paragraph', 'exam', 'document'] as const;

export const coursesQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Từ khóa quá dài.').optional(),
  status: z.enum(['published', 'draft'], { error: 'Trạng thái không hợp lệ.' }).optional(),
});

export const courseIdParams = z.object({
  id: z.coerce.number({ error: 'Mã khóa học không hợp lệ.' }).int().positive(),
});
export const podParams = courseIdParams.extend({
  podId: z.coerce.number({ error: 'Mã gói học không hợp lệ.' }).int().positive(),
});
export const lessonParams = courseIdParams.extend({
  lessonId: z.coerce.number({ error: 'Mã bài học không hợp lệ.' }).int().positive(),
});

export const courseInput = z.object({
  title,
  type: withDefault(z.enum(COURSE_TYPES, { error: 'Loại khóa học không hợp lệ.' }).default('retail')),
  category_id: optionalId('Danh mục không hợp lệ.'),
  teacher_id: optionalId('Giảng viên không hợp lệ.'),
  summary: optionalText(500, 'Tóm tắt tối đa 500 ký tự.'),
  description: optionalText(100_000, 'Mô tả quá dài.'),
  price_new: money('Giá bán phải là số nguyên không âm (đồng).'),
  price_old: money('Giá gốc phải là số nguyên không âm (đồng).'),
  thumbnail: url('Ảnh bìa phải là một địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
});

export const podInput = z.object({
  name: optionalText(100, 'Tên gói tối đa 100 ký tự.'),
  cycle: z.coerce
    .number({ error: 'Chu kỳ không hợp lệ.' })
    .int('Chu kỳ không hợp lệ.')
    .refine((n) => (POD_CYCLES as readonly number[]).includes(n), 'Chu kỳ không hợp lệ.'),
  price: z.coerce
    .number({ error: 'Giá gói phải là số nguyên không âm (đồng).' })
    .int('Giá gói phải là số nguyên không âm (đồng).')
    .min(0, 'Giá gói phải là số nguyên không âm (đồng).')
    .max(1_000_000_000, 'Giá gói quá lớn.'),
  payment_type: withDefault(z.enum(PAYMENT_TYPES, { error: 'Hình thức thanh toán không hợp lệ.' }).default('online')),
  is_active: z.boolean().optional(),
});

export const chapterInput = z.object({ title });

const lessonFields = {
  title,
  is_preview: z.boolean().optional(),
  duration_seconds: z.coerce
    .number({ error: 'Thời lượng không hợp lệ.' })
    .int('Thời lượng không hợp lệ.')
    .min(0, 'Thời lượng không hợp lệ.')
    .max(86_400, 'Thời lượng tối đa 24 giờ.')
    .optional(),
  video_url: url('Địa chỉ video không hợp lệ.').optional(),
  content: optionalText(200_000, 'Nội dung quá dài.').optional(),
  document_url: url('Địa chỉ tài liệu không hợp lệ.').optional(),
};
export const lessonUpdateInput = z.object(lessonFields);
export const lessonInput = z.object({
  ...lessonFields,
  chapter_id: z.coerce.number({ error: 'Vui lòng chọn chương.' }).int().positive('Vui lòng chọn chương.'),
  content_type: z.enum(LESSON_KINDS, { error: 'Loại bài học không hợp lệ.' }),
});
export const uploadQuery = z.object({
  /** The original file name, for its extension (.mp4, .mov…). */
  filename: z.string().trim().max(255, 'Tên tệp quá dài.').optional(),
});
export const moveInput = z.object({
  direction: z.enum(['up', 'down'], { error: 'Hướng di chuyển không hợp lệ.' }),
});

export const courseRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.string(),
  is_published: z.boolean(),
  lesson_count: z.number(),
  price_new: z.number().nullable(),
  updated_at: z.string(),
});
export const courseListSchema = listOf(courseRowSchema);

export const videoStatusSchema = z.object({
  asset_id: z.number().nullable(),
  status: z.string(),
  progress_percent: z.number(),
  error: z.string().nullable(),
});

const lessonSchema = z.object({
  id: z.number(),
  type: z.enum(['category', 'content']),
  content_type: z.string().nullable(),
  title: z.string(),
  position: z.number(),
  is_preview: z.boolean(),
  duration_seconds: z.number(),
  video_url: z.string().nullable(),
  content: z.string().nullable(),
  document_url: z.string().nullable(),
  video: videoStatusSchema.extend({ asset_id: z.number() }).nullable(),
});

export const courseDetailSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.string(),
  category_id: z.number().nullable(),
  teacher_id: z.number().nullable(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  price_new: z.number().nullable(),
  price_old: z.number().nullable(),
  thumbnail: z.string().nullable(),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  /** The scheduled publish time, if any. */
  publish_at: z.string().nullable(),
  lesson_count: z.number(),
  pods: z.array(
    z.object({
      id: z.number(),
      name: z.string().nullable(),
      cycle: z.number(),
      price: z.number(),
      payment_type: z.string(),
      is_active: z.boolean(),
    }),
  ),
  chapters: z.array(lessonSchema.extend({ lessons: z.array(lessonSchema) })),
});

// The inputs of the course editor's operations (course.admin.ts), as the routes and pages give them.

export interface CourseInput {
  title: string;
  type: CourseType;
  category_id: number | null;
  teacher_id: number | null;
  summary: string | null;
  description: string | null;
  price_new: number | null;
  price_old: number | null;
  thumbnail: string | null;
}

export interface PodInput {
  name: string | null;
  cycle: number;
  price: number;
  payment_type: 'online' | 'sms' | 'sms_online';
  is_active?: boolean | undefined;
}

export type LessonKind = 'youtube' | 'video' | 'paragraph' | 'exam' | 'document';

export interface LessonInput {
  title: string;
  is_preview?: boolean | undefined;
  duration_seconds?: number | undefined;
  video_url?: string | null | undefined;
  content?: string | null | undefined;
  document_url?: string | null | undefined;
}
