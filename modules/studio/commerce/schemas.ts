/** Zod schemas of the studio's commerce routes (promotions, activation batches, subscriptions); the pages parse with them too. */
import { z } from 'zod';
import { pageQuery } from '../../../kernel/http/index.ts';
import { blankToUndefined, flag, instant, int, optional } from '../../../lib/forms/fields.ts';
import { foldVietnamese } from '../../../lib/text/fold.ts';

const search = z.string().trim().max(100, 'Từ khóa quá dài.').optional();
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

export const idParams = z.object({ id: z.coerce.number({ error: 'Mã không hợp lệ.' }).int().positive() });

// ── Promotions ───────────────────────────────────────────────────────────────────────────────────

export const PROMOTION_TYPES = ['same_price', 'fixed_price', 'percentage'] as const;
export const CUSTOMER_TYPES = ['all_user', 'user_sub', 'user_active', 'user_inactive'] as const;
export const PROMOTION_SCOPES = ['all', 'categories', 'courses'] as const;
export const PROMOTION_STATES = ['running', 'upcoming', 'ended', 'stopped'] as const;

/** A promotion code as stored: marks folded away, upper case, no spaces (`chào bạn` → `CHAOBAN`). */
export function foldPromotionCode(raw: string): string {
  return foldVietnamese(raw).toUpperCase().replace(/\s+/g, '');
}

export const promotionsQuery = pageQuery.extend({
  q: search,
  state: optional(z.enum(PROMOTION_STATES, { error: 'Trạng thái không hợp lệ.' })),
  type: optional(z.enum(PROMOTION_TYPES, { error: 'Loại ưu đãi không hợp lệ.' })),
  format,
});

export const promotionInput = z
  .object({
    code: z
      .string({ error: 'Vui lòng nhập mã giảm giá.' })
      .transform(foldPromotionCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,30}$/, 'Mã gồm 3–30 ký tự: chữ không dấu, số, gạch ngang hoặc gạch dưới.')),
    name: z
      .string({ error: 'Vui lòng nhập tên ưu đãi.' })
      .trim()
      .min(3, 'Tên ưu đãi 3–200 ký tự.')
      .max(200, 'Tên ưu đãi 3–200 ký tự.'),
    description: optional(z.string().trim().max(1000, 'Mô tả tối đa 1.000 ký tự.')),
    type: z.enum(PROMOTION_TYPES, { error: 'Vui lòng chọn loại ưu đãi.' }),
    value: int('Giá trị phải là số nguyên.').min(0, 'Giá trị không được âm.').max(1_000_000_000, 'Giá trị quá lớn.'),
    max_discount: optional(int('Mức giảm tối đa phải là số nguyên.').positive('Mức giảm tối đa phải lớn hơn 0.')),
    min_order: z.preprocess(
      blankToUndefined,
      int('Đơn tối thiểu phải là số nguyên.').min(0, 'Đơn tối thiểu không được âm.').default(0),
    ),
    quantity: optional(int('Số lượng phải là số nguyên.').min(1, 'Số lượng phải từ 1 trở lên.')),
    per_user: z.preprocess(
      blankToUndefined,
      int('Số lần mỗi học viên phải là số nguyên.')
        .min(1, 'Mỗi học viên dùng 1–100 lần.')
        .max(100, 'Mỗi học viên dùng 1–100 lần.')
        .default(1),
    ),
    customer_type: z.preprocess(
      blankToUndefined,
      z.enum(CUSTOMER_TYPES, { error: 'Đối tượng không hợp lệ.' }).default('all_user'),
    ),
    scope: z.preprocess(blankToUndefined, z.enum(PROMOTION_SCOPES, { error: 'Phạm vi không hợp lệ.' }).default('all')),
    /** Course ids (scope courses) or category ids (scope categories); a form sends "12, 15". */
    target_ids: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(/[\s,;]+/)
              .filter(Boolean)
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
          : (value ?? []),
      z.array(z.number({ error: 'Danh sách đối tượng áp dụng chỉ gồm mã số.' }).int().positive()).max(200),
    ),
    starts_at: instant('Vui lòng nhập thời gian bắt đầu hợp lệ.'),
    ends_at: optional(instant('Thời gian kết thúc không hợp lệ.')),
    is_active: flag,
    is_public: flag,
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.type === 'percentage' && (input.value < 1 || input.value > 100))
      issue('value', 'Phần trăm giảm phải từ 1 đến 100.');
    if (input.type === 'fixed_price' && input.value < 1) issue('value', 'Số tiền giảm phải lớn hơn 0.');
    if (input.type !== 'percentage' && input.max_discount !== undefined)
      issue('max_discount', 'Mức giảm tối đa chỉ dùng cho ưu đãi theo phần trăm.');
    if (input.ends_at !== undefined && input.ends_at <= input.starts_at)
      issue('ends_at', 'Thời gian kết thúc phải sau thời gian bắt đầu.');
    if (input.scope === 'all' && input.target_ids.length > 0)
      issue('target_ids', 'Ưu đãi áp dụng cho tất cả thì không chọn đối tượng.');
    if (input.scope !== 'all' && input.target_ids.length === 0)
      issue('target_ids', 'Vui lòng nhập ít nhất một mã khóa học hoặc danh mục.');
  });

export type PromotionInput = z.infer<typeof promotionInput>;

const promotionFields = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PROMOTION_TYPES),
  value: z.number(),
  quantity: z.number().nullable(),
  used: z.number(),
  state: z.enum(PROMOTION_STATES),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
};
export const promotionRowSchema = z.object(promotionFields);
export const promotionDetailSchema = z.object({
  ...promotionFields,
  description: z.string().nullable(),
  max_discount: z.number().nullable(),
  min_order: z.number(),
  per_user: z.number(),
  customer_type: z.enum(CUSTOMER_TYPES),
  scope: z.enum(PROMOTION_SCOPES),
  target_ids: z.array(z.number()),
  targets: z.array(z.object({ id: z.number(), title: z.string() })),
  is_active: z.boolean(),
  is_public: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const usageRowSchema = z.object({
  id: z.number(),
  order_code: z.string(),
  order_status: z.string(),
  user_id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  discount: z.number(),
  created_at: z.string(),
});

// ── Activation-code batches ──────────────────────────────────────────────────────────────────────

export const batchesQuery = pageQuery.extend({ q: search });
export const batchParams = z.object({
  batch: z.string().trim().min(1, 'Tên lô không hợp lệ.').max(100, 'Tên lô không hợp lệ.'),
});
export const batchCodesQuery = pageQuery.extend({ format });
export const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

export const batchInput = z
  .object({
    /** `course:<id>` (the course, unlimited access unless days are set) or `pod:<id>` (one of its packages). */
    target: z
      .string({ error: 'Vui lòng chọn khóa học hoặc gói học.' })
      .regex(/^(course|pod):\d+$/, 'Vui lòng chọn khóa học hoặc gói học.'),
    count: int('Số lượng mã phải là số nguyên.').min(1, 'Số lượng mã 1–10.000.').max(10_000, 'Số lượng mã 1–10.000.'),
    uses: z.preprocess(
      blankToUndefined,
      int('Số lượt dùng phải là số nguyên.')
        .min(1, 'Mỗi mã dùng 1–10.000 lượt.')
        .max(10_000, 'Mỗi mã dùng 1–10.000 lượt.')
        .default(1),
    ),
    access_days: optional(
      int('Số ngày học phải là số nguyên.').min(1, 'Số ngày học 1–36.500.').max(36_500, 'Số ngày học 1–36.500.'),
    ),
    starts_at: optional(instant('Thời gian bắt đầu không hợp lệ.')),
    ends_at: optional(instant('Thời gian hết hạn không hợp lệ.')),
    name: optional(
      z
        .string()
        .trim()
        .max(60, 'Tên lô tối đa 60 ký tự.')
        .transform((value) =>
          foldVietnamese(value)
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
        )
        .pipe(z.string().min(1, 'Tên lô chỉ gồm chữ, số và gạch ngang.')),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.ends_at !== undefined && input.ends_at <= (input.starts_at ?? new Date().toISOString()))
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'Thời gian hết hạn phải sau thời gian bắt đầu và sau bây giờ.',
      });
  });

export type BatchInputForm = z.infer<typeof batchInput>;

export const batchRowSchema = z.object({
  batch: z.string(),
  course_id: z.number(),
  course_title: z.string(),
  pod_id: z.number().nullable(),
  codes: z.number(),
  active_codes: z.number(),
  uses: z.number(),
  created_at: z.string(),
  ends_at: z.string().nullable(),
});
export const codeRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** XXXX-XXXX-XXXX, as printed on cards. */
  printed: z.string(),
  max_uses: z.number(),
  used: z.number(),
  access_days: z.number().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
});
export const redemptionRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  printed: z.string(),
  user_id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export const batchDetailSchema = batchRowSchema.extend({
  codes_page: z.object({ items: z.array(codeRowSchema), page: z.number(), limit: z.number(), total: z.number() }),
  redemptions: z.array(redemptionRowSchema),
});
export const generatedBatchSchema = z.object({
  batch: z.string(),
  count: z.number(),
  course: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  pod_id: z.number().nullable(),
  codes: z.array(z.string()),
});
export const revokeResultSchema = z.object({ batch: z.string(), revoked: z.number() });
export const revokeReason = z.object({
  reason: optional(z.string().trim().max(500, 'Lý do tối đa 500 ký tự.')),
});

// ── Carrier subscriptions ────────────────────────────────────────────────────────────────────────

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'suspended', 'failed'] as const;

export const subscriptionsQuery = pageQuery.extend({
  q: search,
  status: optional(z.enum(SUBSCRIPTION_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  format,
});

export const subscriptionRowSchema = z.object({
  id: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  status_label: z.string(),
  msisdn: z.string(),
  user_id: z.number(),
  full_name: z.string(),
  course_title: z.string(),
  package_name: z.string().nullable(),
  sms_code: z.string().nullable(),
  price: z.number(),
  cycle: z.number(),
  current_period_end: z.string().nullable(),
  next_charge_at: z.string().nullable(),
  created_at: z.string(),
});
export const subscriptionDetailSchema = subscriptionRowSchema.extend({
  retry_count: z.number(),
  order_code: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  can_cancel: z.boolean(),
  history: z.array(z.object({ at: z.string(), text: z.string() })),
  charges: z.array(
    z.object({
      id: z.number(),
      reference: z.string(),
      kind: z.enum(['subscribe', 'renewal']),
      amount: z.number(),
      status: z.string(),
      operator_txn_id: z.string().nullable(),
      detail: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export const cancelInput = z.object({
  reason: z
    .string({ error: 'Vui lòng nhập lý do hủy (3–500 ký tự).' })
    .trim()
    .min(3, 'Vui lòng nhập lý do hủy (3–500 ký tự).')
    .max(500, 'Vui lòng nhập lý do hủy (3–500 ký tự).'),
});
