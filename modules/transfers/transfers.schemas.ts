/** Schemas of the transfer routes: the bank's webhook, the learner's status, the studio's list, match and reconciliation. */
import { z } from 'zod';

export const webhookBody = z.object({
  transactions: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'Thiếu mã giao dịch.').max(100),
        amount: z.number().int('Số tiền phải là số nguyên.').positive('Số tiền phải lớn hơn 0.').max(9_999_999_999),
        description: z.string().max(1000),
        account_number: z.string().max(40).optional(),
        sender: z.string().max(200).optional(),
        when: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1, 'Thông báo không có giao dịch nào.')
    .max(100),
});

export const creditStates = ['received', 'matched', 'underpaid', 'overpaid', 'refund_queued', 'unmatched'] as const;

export const webhookAnswer = z.object({
  results: z.array(z.object({ transaction_id: z.string(), state: z.enum(creditStates), duplicate: z.boolean() })),
});

export const transferStatusSchema = z.object({
  code: z.string(),
  state: z.enum(['waiting', 'underpaid', 'paid', 'expired', 'cancelled', 'refund_pending']),
  total: z.number().int(),
  received: z.number().int(),
  missing: z.number().int(),
  expires_at: z.string(),
  seconds_left: z.number().int(),
});

export const orderCode = z
  .string({ error: 'Mã đơn hàng không hợp lệ.' })
  .trim()
  .toUpperCase()
  .regex(/^KT\d{8}[A-Z0-9]{6}$/, 'Mã đơn hàng không hợp lệ.');

export const simulateInput = z.object({
  code: orderCode,
  amount: z.coerce
    .number({ error: 'Số tiền không hợp lệ.' })
    .int('Số tiền phải là số nguyên.')
    .positive('Số tiền phải lớn hơn 0.')
    .max(499_999_999, 'Số tiền quá lớn.'),
  /** A transfer whose notification the simulated bank drops (a checkbox: "on"). */
  drop_notification: z
    .union([z.boolean(), z.enum(['on', '1', 'true'])])
    .optional()
    .transform((value) => value !== undefined && value !== false),
});

export const creditSchema = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  amount: z.number().int(),
  note: z.string(),
  sender: z.string().nullable(),
  booked_at: z.string(),
  state: z.enum(creditStates),
  state_label: z.string(),
  excess: z.number().int(),
  order_code: z.string().nullable(),
  matched_by: z.string().nullable(),
  source: z.enum(['webhook', 'statement', 'import']),
  source_label: z.string(),
});

export const creditsQuery = z.object({
  page: z.coerce.number({ error: 'Trang không hợp lệ.' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'Giới hạn không hợp lệ.' }).int().min(1).max(100).default(20),
  view: z.enum(['can-xu-ly', 'tat-ca'], { error: 'Bộ lọc không hợp lệ.' }).default('can-xu-ly'),
});

export const matchInput = z.object({ order_code: orderCode });

export const runSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['job', 'manual', 'import']),
  kind_label: z.string(),
  window_from: z.string(),
  window_to: z.string(),
  file_name: z.string().nullable(),
  listed: z.number().int(),
  recorded: z.number().int(),
  known: z.number().int(),
  unmatched: z.number().int(),
  error: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const runsSchema = z.object({
  automatic: z.boolean(),
  every_minutes: z.number().int(),
  window_minutes: z.number().int(),
  items: z.array(runSchema),
});

/** A statement file (CSV, UTF-8) as text: Mã giao dịch, Thời gian, Số tiền, Nội dung. */
export const statementInput = z.object({
  file_name: z.string().trim().max(200).optional(),
  csv: z
    .string({ error: 'Thiếu nội dung tệp sao kê.' })
    .min(1, 'Tệp sao kê trống.')
    .max(2_000_000, 'Tệp sao kê quá lớn (tối đa 2 MB).'),
});

export const importAnswer = runSchema.extend({ debits: z.number().int() });
