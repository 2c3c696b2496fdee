/** Zod schemas of the learning endpoints (lesson content, learning log, my courses). */
import { z } from 'zod';
import { lessonNodeSchema } from '../catalog/catalog.schemas.ts';

const MAX_SECONDS = 24 * 3600;

export const courseProgressSchema = z.object({
  percent: z.number().int(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  last_lesson_id: z.number().int().nullable(),
  completed_at: z.string().nullable(),
});

export const curriculumSchema = z.object({
  course_id: z.number().int(),
  course_slug: z.string(),
  course_title: z.string(),
  flatform_type: z
    .string()
    .describe('Nền tảng học (SPEC §3): `flatform_app` = chỉ học trên App (trên web: mời cài ứng dụng Khai Trí)'),
  lessons: z.array(lessonNodeSchema),
  progress: courseProgressSchema.nullable(),
});

export const playbackSchema = z.object({
  status: z.enum(['none', 'queued', 'processing', 'ready', 'failed']),
  progress_percent: z.number(),
  master_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  rungs: z.array(z.number().int()),
  captions: z.array(z.object({ lang: z.string(), label: z.string(), url: z.string() })),
});

export const lessonProgressSchema = z.object({
  position_seconds: z.number().int(),
  resume_seconds: z.number().int(),
  watched_seconds: z.number().int(),
  completed: z.boolean(),
});

export const lessonContentSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_slug: z.string(),
  title: z.string(),
  content_type: z.string().nullable(),
  duration_seconds: z.number().int(),
  is_preview: z.boolean(),
  access: z.enum(['enrolled', 'preview']),
  video_url: z.string().nullable(),
  content: z.string(),
  document_url: z.string().nullable(),
  youtube_id: z.string().nullable(),
  video: playbackSchema.nullable(),
  is_exam: z.boolean(),
  progress: lessonProgressSchema.nullable(),
});

export const learningLogBody = z.object({
  lesson_id: z.number({ error: 'Bài học không hợp lệ.' }).int().min(1).max(2_147_483_647),
  position: z.number({ error: 'Vị trí không hợp lệ.' }).min(0).max(MAX_SECONDS).default(0),
  watched_seconds: z.number({ error: 'Thời lượng đã xem không hợp lệ.' }).min(0).max(MAX_SECONDS).optional(),
  completed: z.boolean().optional(),
  /** The client's clock (ms since 1970) when it took this position; the latest one sets the resume point. */
  client_time: z.number().int().min(0).max(8_640_000_000_000).optional(),
});
export type LearningLogInput = z.infer<typeof learningLogBody>;

export const learningLogResult = lessonProgressSchema.extend({
  lesson_id: z.number().int(),
  course: courseProgressSchema.nullable(),
});

export const myCourseSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  state: z.enum(['in_progress', 'completed', 'expired']),
  enrolment: z.object({
    source: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    active: z.boolean(),
  }),
  progress: courseProgressSchema,
  last_lesson: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  continue_url: z.string(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
