/**
 * Zod schemas of the studio's teachers and subjects API. The inputs accept JSON and
 * form fields alike (the kernel's form fields).
 */
import { z } from 'zod';
import { address, flag, listQuery, optionalId, optionalText, position, requiredText } from '../../kernel/http/index.ts';

// ── Teachers and subjects ───────────────────────────────────────────────────────────────────────

export const teacherInput = z.object({
  full_name: requiredText(200, 'Vui lòng nhập họ tên giảng viên.', 'Họ tên tối đa 200 ký tự.'),
  headline: optionalText(300, 'Chức danh tối đa 300 ký tự.'),
  bio: optionalText(20_000, 'Giới thiệu tối đa 20.000 ký tự.'),
  avatar: address('Ảnh đại diện phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
  user_id: optionalId('Tài khoản liên kết không hợp lệ.'),
  is_active: flag,
});
export type TeacherInput = z.infer<typeof teacherInput>;

export const teacherSchema = z.object({
  id: z.number(),
  slug: z.string(),
  full_name: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  course_count: z.number(),
  is_active: z.boolean(),
  updated_at: z.string(),
});

export const SUBJECT_TYPES = ['field', 'topic'] as const;
export const subjectInput = z.object({
  name: requiredText(200, 'Vui lòng nhập tên chủ đề.', 'Tên chủ đề tối đa 200 ký tự.'),
  type: z.enum(SUBJECT_TYPES, { error: 'Loại chủ đề không hợp lệ.' }).default('topic'),
  description: optionalText(2000, 'Mô tả tối đa 2.000 ký tự.'),
  position,
  is_active: flag,
});
export type SubjectInput = z.infer<typeof subjectInput>;

export const subjectSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(SUBJECT_TYPES),
  description: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
  updated_at: z.string(),
});

export const subjectsQuery = listQuery.extend({
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(SUBJECT_TYPES).optional()),
});
