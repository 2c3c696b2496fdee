import { z } from 'zod';
import { invoiceRequestSchema } from '../../lib/invoice-request.ts';

export const orderCodeQuery = z.object({
  code: z
    .string({ error: 'Mã đơn hàng không hợp lệ.' })
    .trim()
    .regex(/^KT\d{8}[A-Z0-9]{6}$/, 'Mã đơn hàng không hợp lệ.'),
});

export const placeOrderInput = z.object({
  /**
   * A gateway (its amount bounds apply: MoMo 1.000–50.000.000đ, VNPay 5.000–999.999.999đ, OnePay
   * 10.000–99.999.999đ, ZaloPay 1.000–50.000.000đ; outside them 422), carrier billing, or `free` for a total of 0 (any method
   * works then: a free order completes at once without a gateway).
   */
  payment_method: z
    .enum(['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'zalopay', 'vietqr', 'carrier', 'free'], {
      error: 'Vui lòng chọn phương thức thanh toán.',
    })
    .describe(
      'Cổng thanh toán (MoMo 1.000–50.000.000đ, VNPay 5.000–999.999.999đ, OnePay 10.000–99.999.999đ, ZaloPay 1.000–50.000.000đ; ngoài khoảng này trả 422), vietqr (chuyển khoản ngân hàng 2.000–499.999.999đ: payment_url là trang mã QR), carrier, hoặc free khi tổng tiền bằng 0',
    ),
  promotion_code: z.string().trim().max(50, 'Mã giảm giá không hợp lệ').optional(),
  /** Carrier billing only: the learner agreed to the disclosure (price, cycle, renewal, how to cancel). */
  consent: z.boolean().optional(),
  /** A company invoice (tax code, name, address, e-mail) instead of a personal one. */
  invoice: invoiceRequestSchema.optional(),
});

export const payAgainInput = orderCodeQuery.extend({
  payment_method: z.enum(['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'zalopay', 'vietqr']).optional(),
});

export const orderSummarySchema = z.object({
  code: z.string(),
  status: z.string(),
  status_label: z.string(),
  payment_method: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  promotion_code: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});

export const orderDetailsSchema = orderSummarySchema.extend({
  failure_reason: z.string().nullable(),
  /**
   * A refunded order: how much went back, and whether the gateway is still paying it back;
   * `late_payment`: a payment that arrived after the order closed, refunded automatically.
   */
  refund: z
    .object({
      amount: z.number().int(),
      processing: z.boolean(),
      refunded_at: z.string(),
      late_payment: z.boolean(),
    })
    .nullable(),
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  items: z.array(
    z.object({
      course_id: z.number().int(),
      course_slug: z.string(),
      course_title: z.string(),
      pod_id: z.number().int().nullable(),
      cycle: z.number().int(),
      price: z.number().int(),
      discount: z.number().int(),
    }),
  ),
});

export const placedOrderSchema = z.object({
  order: orderSummarySchema,
  payment_url: z.string().optional(),
  /** Carrier billing: the operator has not confirmed the charge yet; the order stays pending and the learner is told. */
  notice: z.string().optional(),
});
