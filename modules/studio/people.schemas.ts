/**
 * Schemas of the studio people routes: roles, enrolments, error reports, broadcasts. Support requests'
 * are support's (modules/support/support.desk.schemas.ts), whose list fields these share.
 */
import { z } from 'zod';

import { pageQuery } from '../../kernel/http/index.ts';
import { deskFields } from '../support/public.ts';
import { BROADCAST_PURPOSES } from '../notifications/public.ts';
import { REPORT_REASONS, REVIEW_STATUSES } from './people-labels.ts';
import { ROLES } from './studio.schemas.ts';

const { format, optionalText, emptyToUndefined, positiveId, sort } = deskFields;

/** A reason of 3–500 characters (grant, extend, revoke). */
export const reason = z
  .string({ error: 'Vui lòng nhập lý do (3–500 ký tự).' })
  .trim()
  .min(3, 'Vui lòng nhập lý do (3–500 ký tự).')
  .max(500, 'Vui lòng nhập lý do (3–500 ký tự).');

/** Days of access: 1–3650, or empty / absent = without end. */
const days = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'Số ngày không hợp lệ.' })
    .int('Số ngày phải là số nguyên.')
    .min(1, 'Số ngày từ 1 đến 3650.')
    .max(3650, 'Số ngày từ 1 đến 3650.')
    .optional(),
);

export const userIdParams = z.object({ id: positiveId('Mã người dùng không hợp lệ.') });
export const enrolmentParams = userIdParams.extend({ enrolmentId: positiveId('Mã ghi danh không hợp lệ.') });
export const { idParams } = deskFields;

export const roleInput = z.object({ role: z.enum(ROLES, { error: 'Vai trò không hợp lệ.' }) });
export const grantInput = z.object({ course_id: positiveId('Vui lòng chọn khóa học.'), days, reason });
export const extendInput = z.object({ days, reason });
export const revokeInput = z.object({ reason });

export const reportsQuery = pageQuery.extend({
  q: optionalText(100),
  review_status: emptyToUndefined(z.enum(REVIEW_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  reason: emptyToUndefined(z.enum(REPORT_REASONS, { error: 'Loại lỗi không hợp lệ.' })),
  course_id: emptyToUndefined(positiveId('Khóa học không hợp lệ.')),
  sort,
  format,
});
export const reviewInput = z.object({
  review_status: z.enum(REVIEW_STATUSES, { error: 'Trạng thái không hợp lệ.' }),
  note: z.string().trim().max(1000, 'Ghi chú tối đa 1000 ký tự.').optional(),
});

/** A broadcast's purpose: a service notice reaches everyone targeted, marketing only consenting learners. */
const purpose = z.enum(BROADCAST_PURPOSES, {
  error: 'Vui lòng chọn loại thông báo: thông báo dịch vụ hoặc tiếp thị/khuyến mãi.',
});

export const audienceInput = z.object({
  audience: z.enum(['all', 'subject'], { error: 'Vui lòng chọn người nhận.' }),
  subject_id: emptyToUndefined(positiveId('Vui lòng chọn chủ đề.')),
  purpose: purpose.default('service'),
});
export const broadcastInput = z
  .object({
    title: z
      .string({ error: 'Vui lòng nhập tiêu đề.' })
      .trim()
      .min(3, 'Tiêu đề từ 3 đến 200 ký tự.')
      .max(200, 'Tiêu đề từ 3 đến 200 ký tự.'),
    body: z
      .string({ error: 'Vui lòng nhập nội dung.' })
      .trim()
      .min(3, 'Nội dung từ 3 đến 1000 ký tự.')
      .max(1000, 'Nội dung từ 3 đến 1000 ký tự.'),
    link: z
      .string()
      .trim()
      .max(500, 'Liên kết tối đa 500 ký tự.')
      .refine((value) => value === '' || /^\/(?![/\\])[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value), {
        message: 'Liên kết phải là đường dẫn trong trang (bắt đầu bằng /) hoặc địa chỉ https://.',
      })
      .optional(),
    audience: z.enum(['all', 'subject'], { error: 'Vui lòng chọn người nhận.' }),
    subject_id: emptyToUndefined(positiveId('Vui lòng chọn chủ đề.')),
    purpose,
  })
  .refine((value) => value.audience === 'all' || value.subject_id !== undefined, {
    message: 'Vui lòng chọn chủ đề.',
    path: ['subject_id'],
  });

export const roleResultSchema = z.object({ id: z.number(), role: z.string(), changed: z.boolean() });
export const grantResultSchema = z.object({ course_id: z.number(), course_ids: z.array(z.number()) });
export const extendResultSchema = z.object({ id: z.number(), ends_at: z.string().nullable() });
export const revokeResultSchema = z.object({ id: z.number(), revoked: z.boolean() });

export const reportRowSchema = z.object({
  id: z.number(),
  lesson_id: z.number(),
  lesson_title: z.string(),
  course_id: z.number(),
  course_title: z.string(),
  editor_url: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  content: z.string(),
  status: z.string(),
  review_status: z.string(),
  review_status_label: z.string(),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});

export const previewSchema = z.object({
  recipients: z.number(),
  /** Targeted learners a marketing broadcast would pass over for lack of consent (0 for a service notice). */
  skipped: z.number(),
  subject_name: z.string().nullable(),
});
export const broadcastSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  audience: z.string(),
  purpose: z.enum(BROADCAST_PURPOSES),
  subject_id: z.number().nullable(),
  subject_name: z.string().nullable(),
  status: z.string(),
  recipient_count: z.number(),
  sent_count: z.number(),
  skipped_count: z.number(),
  created_by_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
