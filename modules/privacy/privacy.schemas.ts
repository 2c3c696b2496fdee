/** The privacy API's shapes (zod only, so the pages may import them through ../privacy.server). */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { parseDateInput } from '../../lib/format/date.ts';

const purpose = z.enum(['service', 'analytics', 'marketing', 'messages']);
const optionalPurpose = z.enum(['analytics', 'marketing', 'messages'], { error: 'Mục đích không hợp lệ.' });
const requestState = z.enum(['pending', 'waiting', 'processing', 'completed', 'failed', 'cancelled']);
const requestKind = z.enum(['export', 'deletion']);

export const consentSchema = z.object({
  purpose,
  label: z.string(),
  description: z.string(),
  required: z.boolean().describe('The service itself: the contract, no toggle'),
  granted: z.boolean(),
  policy_version: z.string().nullable(),
  updated_at: z.string().nullable(),
});

export const consentHistorySchema = z.object({
  id: z.number().int(),
  purpose,
  label: z.string(),
  granted: z.boolean(),
  policy_version: z.string(),
  source: z.enum(['learner', 'parent']),
  created_at: z.string(),
});

export const childSchema = z.object({
  age: z.number().int().nullable().describe('From the profile birthday; null without one'),
  needs_parent: z.boolean().describe('Under 16: a parent confirms by OTP before optional purposes'),
  parent: z.object({ phone: z.string().describe('Masked'), confirmed_at: z.string().nullable() }).nullable(),
});

export const requestViewSchema = z.object({
  id: z.number().int(),
  kind: requestKind,
  state: requestState,
  state_label: z.string(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  due_at: z.string().describe('The legal deadline to complete it'),
  scheduled_for: z.string().nullable().describe('A deletion: carried out after this (cancellable until then)'),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  files: z
    .object({ json: z.string(), html: z.string() })
    .nullable()
    .describe('A completed export: owner-only downloads'),
});

export const overviewSchema = z.object({
  policy_version: z.string(),
  consents: z.array(consentSchema),
  history: z.array(consentHistorySchema),
  child: childSchema,
  export: requestViewSchema.nullable(),
  deletion: requestViewSchema.nullable(),
  deletion_wait_days: z.number().int(),
  retention: z.string(),
});

export const consentBody = z.object({
  purpose: optionalPurpose,
  granted: z.boolean({ error: 'Vui lòng chọn bật hoặc tắt.' }),
});

export const parentPhoneBody = z.object({
  parent_phone: z
    .string({ error: 'Vui lòng nhập số điện thoại của cha mẹ.' })
    .trim()
    .min(1, 'Vui lòng nhập số điện thoại của cha mẹ.')
    .max(20, 'Số điện thoại không hợp lệ.'),
});

export const parentCodeBody = z.object({
  otp: z
    .string({ error: 'Vui lòng nhập mã OTP.' })
    .trim()
    .regex(/^\d{6}$/, 'Mã OTP gồm 6 chữ số.'),
});

export const requestResultSchema = z.object({ request: requestViewSchema, created: z.boolean() });

export const downloadParams = z.object({
  id: z.coerce.number({ error: 'Mã không hợp lệ.' }).int().positive().max(2_147_483_647),
  format: z.enum(['json', 'html'], { error: 'Định dạng không hợp lệ.' }),
});

// ── Studio ──────────────────────────────────────────────────────────────────────────────────────

export const adminRequestsQuery = pageQuery.extend({
  kind: requestKind.optional(),
  state: requestState.optional(),
});

export const adminRequestSchema = requestViewSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  user_contact: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  overdue: z.boolean(),
  can_run: z.boolean(),
});

export const runRequestBody = z.object({
  id: z.coerce
    .number({ error: 'Mã yêu cầu không hợp lệ.' })
    .int('Mã yêu cầu không hợp lệ.')
    .positive('Mã yêu cầu không hợp lệ.'),
});

export const breachBody = z.object({
  title: z
    .string({ error: 'Vui lòng nhập tiêu đề sự cố.' })
    .trim()
    .min(1, 'Vui lòng nhập tiêu đề sự cố.')
    .max(200, 'Tiêu đề tối đa 200 ký tự.'),
  description: z
    .string({ error: 'Vui lòng mô tả sự cố.' })
    .trim()
    .min(1, 'Vui lòng mô tả sự cố.')
    .max(4000, 'Mô tả tối đa 4000 ký tự.'),
  detected_at: z
    .string({ error: 'Vui lòng nhập thời điểm phát hiện.' })
    .trim()
    .min(1, 'Vui lòng nhập thời điểm phát hiện.')
    .refine((value) => !Number.isNaN(parseDateInput(value)), 'Thời điểm phát hiện không hợp lệ.')
    .describe('ISO time; without a zone, Vietnam time'),
  affected_count: z.coerce
    .number({ error: 'Số người bị ảnh hưởng phải là số nguyên.' })
    .int('Số người bị ảnh hưởng phải là số nguyên.')
    .min(0, 'Số người bị ảnh hưởng không được âm.')
    .max(100_000_000, 'Số người bị ảnh hưởng quá lớn.'),
});

export type BreachInput = z.infer<typeof breachBody>;

export const breachSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  detected_at: z.string(),
  notify_by: z.string().describe('detected_at + 72 hours'),
  affected_count: z.number().int(),
  state: z.enum(['open', 'notified', 'closed']),
  state_label: z.string(),
  notified_at: z.string().nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
});

export const breachStateBody = z.object({
  id: runRequestBody.shape.id,
  state: z.enum(['notified', 'closed'], { error: 'Trạng thái không hợp lệ.' }),
});
