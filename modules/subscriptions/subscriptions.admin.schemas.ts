/**
 * Zod schemas of the studio's carrier-subscription routes (subscriptions.admin.routes.ts); the
 * studio's pages parse with them too, through modules/subscriptions/public.ts (zod and lib/ only).
 */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { optional } from '../../lib/forms/fields.ts';

const search = z.string().trim().max(100, 'Từ khóa quá dài.').optional();
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

export { idParams } from '../../kernel/http/index.ts';

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
