import { z } from 'zod';
import { idParam, publicPageQuery } from '../../kernel/http/index.ts';
import { LEARNING_PLATFORMS } from '../../lib/platform.ts';

export const slugParam = z.string().trim().min(1, 'Thiếu đường dẫn.').max(500, 'Đường dẫn quá dài.');
/** The kernel's record id (learning's routes take it from here). */
export { idParam };
export const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const COURSE_SORTS = ['newest', 'popular', 'price_asc', 'price_desc', 'rating'] as const;
export const COURSE_TYPES = ['retail', 'no_retail', 'combo', 'api'] as const;
const PLATFORM_VALUES = LEARNING_PLATFORMS.map((platform) => platform.value).filter(Boolean) as [string, ...string[]];

export const courseListQuery = publicPageQuery.extend({
  category: slugParam.optional(),
  subject: slugParam.optional(),
  teacher: slugParam.optional(),
  type: z.enum(COURSE_TYPES).optional(),
  platform: z.enum(PLATFORM_VALUES).optional(),
  price_range: z
    .string()
    .max(40)
    .regex(/^[a-z0-9_-]+$/, 'Khoảng giá không hợp lệ.')
    .optional(),
  free: flag.optional(),
  hot: flag.optional(),
  sort: z.enum(COURSE_SORTS).optional(),
  keyword: z.string().max(200, 'Từ khóa tối đa 200 ký tự.').optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const teacherRef = z.object({ id: z.number().int(), slug: z.string(), full_name: z.string() });
export const podSchema = z.object({
  id: z.number().int(),
  cycle: z.number().int(),
  price: z.number().int(),
  payment_type: z.string(),
});

/** The fixed course list item of PRODUCT.md. */
export const courseListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(COURSE_TYPES),
  thumbnail: z.string().nullable(),
  teacher: teacherRef.nullable(),
  flatform_type: z.string(),
  total_child: z.number().int(),
  price_new: z.number().int().nullable(),
  price_old: z.number().int().nullable(),
  pods: z.array(podSchema),
  rating_avg: z.number(),
  rating_count: z.number().int(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  type: z.enum(['course', 'post', 'support']),
  subtype: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  course_count: z.number().int().optional(),
});

export const subjectSchema = z.object({
  id: z.number().int(),
  type: z.enum(['field', 'topic']),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  liked: z.boolean().optional(),
});

export const priceRangeSchema = z.object({
  id: z.string(),
  title: z.string(),
  min: z.number().int(),
  max: z.number().int().nullable(),
});

export const teacherSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  full_name: z.string(),
  headline: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
});

export type LessonNodeShape = {
  id: number;
  parent_id: number | null;
  type: 'category' | 'content';
  content_type: string | null;
  title: string;
  duration_seconds: number;
  is_preview: boolean;
  /** For a signed-in learner on the study side: the lesson is completed. */
  done?: boolean;
  children: LessonNodeShape[];
};
export const lessonNodeSchema: z.ZodType<LessonNodeShape> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    type: z.enum(['category', 'content']),
    content_type: z.string().nullable(),
    title: z.string(),
    duration_seconds: z.number().int(),
    is_preview: z.boolean(),
    done: z.boolean().optional(),
    children: z.array(lessonNodeSchema),
  }),
);

export const ratingSummarySchema = z.object({
  avg: z.number(),
  count: z.number().int(),
  distribution: z.record(z.string(), z.number().int()),
});

export const courseDetailsSchema = courseListItemSchema.extend({
  summary: z.string().nullable(),
  description: z.string(),
  level: z.string().nullable(),
  lesson_count: z.number().int(),
  duration_seconds: z.number().int(),
  enrolment_count: z.number().int(),
  is_free: z.boolean(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  subjects: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), type: z.string() })),
  teacher_profile: teacherSchema.nullable(),
  pods: z.array(podSchema.extend({ name: z.string().nullable() })),
  children: z.array(courseListItemSchema),
  curriculum: z.array(lessonNodeSchema),
  related: z.array(courseListItemSchema),
  rating_summary: ratingSummarySchema,
  published_at: z.string().nullable(),
  updated_at: z.string(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  author_name: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});

export const detailsQuery = z
  .object({ id: idParam.optional(), slug: slugParam.optional() })
  .refine((value) => value.id !== undefined || value.slug !== undefined, {
    message: 'Cần mã (id) hoặc đường dẫn (slug).',
    path: ['slug'],
  });

export const subjectLikeBody = z.object({ subject_id: idParam });
