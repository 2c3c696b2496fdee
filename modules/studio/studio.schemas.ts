import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày không hợp lệ (YYYY-MM-DD).')
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = (max: number) => z.string().trim().max(max, 'Từ khóa quá dài.').optional();
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

export const ORDER_STATUSES = ['pending', 'paid', 'completed', 'cancelled', 'expired', 'failed', 'refunded'] as const;
export const PAYMENT_METHODS = [
  'momo',
  'onepay_domestic',
  'onepay_international',
  'vnpay',
  'zalopay',
  'vietqr',
  'carrier',
  'free',
] as const;
export const ROLES = ['learner', 'teacher', 'editor', 'admin'] as const;

const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const ordersQuery = pageQuery.extend({
  q: optionalText(100),
  status: emptyToUndefined(z.enum(ORDER_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  method: emptyToUndefined(z.enum(PAYMENT_METHODS, { error: 'Phương thức không hợp lệ.' })),
  from: day,
  to: day,
  sort: z
    .enum(['newest', 'oldest', 'total_desc', 'total_asc'], { error: 'Cách sắp xếp không hợp lệ.' })
    .default('newest'),
  format,
});

export const usersQuery = pageQuery.extend({
  q: optionalText(100),
  /** A role, or `staff`: teachers, editors and admins. */
  role: emptyToUndefined(z.enum([...ROLES, 'staff'], { error: 'Vai trò không hợp lệ.' })),
  format,
});

export const auditQuery = pageQuery.extend({
  action: optionalText(60),
  target_type: optionalText(40),
  target_id: optionalText(60),
  actor_id: emptyToUndefined(z.coerce.number().int().positive()),
});

export const orderCodeParams = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^KT\d{8}[A-Z0-9]{6}$/, 'Mã đơn hàng không hợp lệ.'),
});
export const userIdParams = z.object({
  id: z.coerce.number({ error: 'Mã người dùng không hợp lệ.' }).int().positive(),
});

export const refundInput = z.object({
  amount: z.coerce
    .number({ error: 'Số tiền hoàn không hợp lệ.' })
    .int('Số tiền hoàn phải là số nguyên (đồng).')
    .positive('Số tiền hoàn phải lớn hơn 0.')
    .optional(),
  reason: z
    .string({ error: 'Vui lòng nhập lý do hoàn tiền.' })
    .trim()
    .min(3, 'Vui lòng nhập lý do hoàn tiền (3–500 ký tự).')
    .max(500, 'Vui lòng nhập lý do hoàn tiền (3–500 ký tự).'),
});

const buyer = z.object({
  id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const orderRowSchema = z.object({
  code: z.string(),
  status: z.string(),
  status_label: z.string(),
  payment_method: z.string(),
  total: z.number(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  buyer,
});

export const orderDetailSchema = z.object({
  code: z.string(),
  status: z.string(),
  status_label: z.string(),
  payment_method: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  promotion_code: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  buyer,
  items: z.array(
    z.object({
      course_id: z.number(),
      course_title: z.string(),
      course_slug: z.string(),
      cycle: z.number(),
      price: z.number(),
      discount: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      gateway: z.string(),
      request_id: z.string(),
      amount: z.number(),
      status: z.string(),
      gateway_txn_id: z.string().nullable(),
      result_code: z.string().nullable(),
      created_at: z.string(),
      /** The attempt that paid the order: refunding it refunds the order. */
      pays_order: z.boolean(),
      /** Succeeded and not refunded (for the order's own payment: the order is completed). */
      refundable: z.boolean(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.number(),
      payment_id: z.number().nullable(),
      channel: z.string(),
      payload: z.string(),
      signature_valid: z.boolean(),
      outcome: z.string(),
      created_at: z.string(),
    }),
  ),
  queries: z.array(
    z.object({
      id: z.number(),
      payment_id: z.number(),
      status: z.string(),
      result_code: z.string().nullable(),
      payload: z.string(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      payment_id: z.number(),
      amount: z.number(),
      reason: z.string(),
      actor: z.string(),
      status: z.string(),
      gateway_ref: z.string().nullable(),
      result_code: z.string().nullable(),
      message: z.string().nullable(),
      raw: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const paymentRefParams = z.object({
  request_id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^KT\d{8}[A-Z0-9]{6}\d{2}$/, 'Mã giao dịch thanh toán không hợp lệ.'),
});

/** A payment that succeeded on an order it did not pay and is not refunded yet. */
export const unaccountedPaymentSchema = z.object({
  request_id: z.string(),
  gateway: z.string(),
  amount: z.number(),
  gateway_txn_id: z.string().nullable(),
  confirmed_at: z.string(),
  order: z.object({ code: z.string(), status: z.string(), status_label: z.string() }),
  buyer: z.object({ id: z.number(), full_name: z.string(), phone: z.string().nullable() }),
  /** none, pending (no answer from the gateway yet), processing, refused (the last attempt). */
  refund_state: z.string(),
  refund_state_label: z.string(),
  refund_message: z.string().nullable(),
});

export const refundResultSchema = z.object({
  code: z.string(),
  /** The payment attempt refunded (payments/…/refund.json). */
  request_id: z.string().optional(),
  amount: z.number(),
  status: z.string(),
  gateway: z.string(),
  gateway_ref: z.string().nullable(),
  enrolments_revoked: z.number(),
});

export const userRowSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const userDetailSchema = userRowSchema.extend({
  enrolments: z.array(
    z.object({
      id: z.number(),
      course_title: z.string(),
      course_slug: z.string(),
      source: z.string(),
      starts_at: z.string(),
      ends_at: z.string().nullable(),
      revoked_at: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      code: z.string(),
      status: z.string(),
      status_label: z.string(),
      total: z.number(),
      created_at: z.string(),
    }),
  ),
});

export const lockResultSchema = userRowSchema.extend({ sessions_revoked: z.number() });

export const auditRowSchema = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
});

export const dashboardQuery = z.object({
  period: z.enum(['day', 'week', 'month'], { error: 'Chu kỳ không hợp lệ.' }).default('day'),
  from: day,
  to: day,
});

const dashboardCounts = {
  revenue: z.number(),
  orders: z.number(),
  completed_orders: z.number(),
  failed_orders: z.number(),
  new_learners: z.number(),
  enrolments: z.number(),
  completions: z.number(),
};

export const dashboardSchema = z.object({
  period: z.enum(['day', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  buckets: z.array(z.object({ start: z.string(), ...dashboardCounts })),
  totals: z.object(dashboardCounts),
  failed_rate: z.number(),
  top_courses: z.array(
    z.object({ course_id: z.number(), title: z.string(), slug: z.string(), revenue: z.number(), orders: z.number() }),
  ),
  methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), orders: z.number(), revenue: z.number() })),
});
