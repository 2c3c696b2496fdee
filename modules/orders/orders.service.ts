/**
 * Checkout and the learner's orders: prices re-read from the catalog, the promotion reserved inside
 * the order's transaction, free orders completed at once, paid ones sent to the chosen gateway.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, OrderRow, PaymentMethod } from '../../db/schema.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { CartService } from '../cart/index.ts';
import type { PromotionQuote, PromotionsService } from '../promotions/promotions.service.ts';
import { generateOrderCode } from './order-code.ts';
import type { CompanyInvoiceRequest, OrderHooks } from './order-hooks.ts';
import type { OrderCarrierBilling, OrderPayments, PaidMethod } from './order-ports.ts';
import { ORDER_STATUS_LABELS, type OrderLifecycle } from './order-lifecycle.ts';
import * as repo from './orders.repository.ts';

export interface PlaceOrderInput {
  /** `free`: only for a total of 0 (a 100 % promotion); a free order needs no gateway. */
  payment_method: PaymentMethod;
  promotion_code?: string | undefined;
  /** Carrier billing: the learner agreed to the disclosure. */
  consent?: boolean | undefined;
  /** A company invoice instead of a personal one (the invoices module keeps it). */
  invoice?: CompanyInvoiceRequest | undefined;
}

export const ORDER_NOT_FOUND = 'Không tìm thấy đơn hàng.';

export type OrdersService = ReturnType<typeof createOrdersService>;

/** An order as the API shows it (the learner's order pages, the studio). */
export function toSummary(order: OrderRow) {
  return {
    code: order.code,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    payment_method: order.payment_method,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    promotion_code: order.promotion_code,
    created_at: readDate(order.created_at).toISOString(),
    expires_at: readDate(order.expires_at).toISOString(),
    paid_at: order.paid_at === null ? null : readDate(order.paid_at).toISOString(),
  };
}

export function createOrdersService<CarrierPlan>(deps: {
  db: Kysely<Database>;
  cart: CartService;
  promotions: PromotionsService;
  payments: OrderPayments;
  lifecycle: OrderLifecycle;
  /** Carrier billing (the first charge of a subscription). */
  carrier: OrderCarrierBilling<CarrierPlan>;
  expiryMinutes: number;
  hooks?: OrderHooks;
}) {
  const { db, cart, promotions, payments, lifecycle, carrier, expiryMinutes } = deps;

  async function toDetails(order: OrderRow) {
    const items = await repo.listItems(db, [order.id]);
    return {
      ...toSummary(order),
      failure_reason: order.failure_reason,
      // A refunded order, or one that never completed whose late payment was refunded.
      refund: order.status === 'refunded' || order.payment_id === null ? await payments.describeRefund(order) : null,
      can_pay: order.status === 'pending',
      can_cancel: order.status === 'pending',
      items: items.map((item) => ({
        course_id: item.course_id,
        course_slug: item.course_slug,
        course_title: item.course_title,
        pod_id: item.pod_id,
        cycle: item.cycle,
        price: item.price,
        discount: item.discount,
      })),
    };
  }

  async function requireOwnOrder(userId: number, code: string) {
    const order = await repo.findOrder(db, { code, userId });
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return order;
  }

  /**
   * `cookies`: the request's Cookie header, handed to the order hooks (the affiliates' referral);
   * `returnOrigin`: where the gateway brings the browser back (payments.start).
   */
  async function place(
    userId: number,
    input: PlaceOrderInput,
    clientIp: string,
    cookies?: string,
    returnOrigin?: string,
  ) {
    const view = await cart.view({ userId });
    if (view.items.length === 0) throw new AppError('BUSINESS_RULE', 'Giỏ hàng của bạn đang trống.');
    const carrierPlan = input.payment_method === 'carrier' ? await carrier.prepare(userId, view.items, input) : null;
    const code = input.promotion_code?.trim();
    const lines = view.items.map((item) => ({
      courseId: item.course.id,
      categoryId: item.course.category_id,
      price: item.price,
    }));
    const quote: PromotionQuote | null = code ? await promotions.quote(code, userId, lines) : null;
    const discount = Math.min(quote?.discount ?? 0, view.subtotal);
    const total = view.subtotal - discount;
    if (total > 0 && input.payment_method === 'free') {
      const message = `Đơn hàng ${formatMoney(total)} cần thanh toán: vui lòng chọn phương thức thanh toán.`;
      throw new AppError('BUSINESS_RULE', message, { payment_method: message });
    }
    // A total of 0 is a free order whatever the method; a gateway must take the amount.
    if (total > 0 && !carrierPlan) payments.requireMethod(input.payment_method, total);
    const now = new Date();
    const order = await db.transaction().execute(async (trx) => {
      const orderId = await repo.insertOrder(trx, {
        code: generateOrderCode(now),
        userId,
        paymentMethod: total > 0 ? input.payment_method : 'free',
        subtotal: view.subtotal,
        discount,
        total,
        promotionId: quote?.promotion.id ?? null,
        promotionCode: quote?.promotion.code ?? null,
        expiresAt: new Date(now.getTime() + expiryMinutes * 60_000).toISOString(),
        now: now.toISOString(),
        items: view.items.map((item, index) => ({
          course_id: item.course.id,
          pod_id: item.pod_id,
          course_title: item.course.title,
          course_slug: item.course.slug,
          course_type: item.course.type as 'retail',
          cycle: item.pod.cycle,
          price: item.price,
          discount: quote?.lineDiscounts[index] ?? 0,
        })),
      });
      if (quote) await promotions.reserve(trx, quote, userId, orderId);
      await deps.hooks?.placed?.(trx, { id: orderId, userId, invoice: input.invoice }, cookies);
      return (await repo.findOrder(trx, { id: orderId }))!;
    });
    // Carrier billing charges at once; the cart keeps the package until the charge succeeds. A charge
    // the operator has not confirmed leaves the order pending with a notice (the resolver settles it).
    const charged = carrierPlan ? await carrier.chargeOrder(order, carrierPlan) : null;
    await cart.removeCourses(
      userId,
      view.items.map((item) => item.course.id),
    );
    if (total === 0 && !carrierPlan) await lifecycle.fulfil(order.id);
    if (total === 0 || carrierPlan) {
      const placed = toSummary((await repo.findOrder(db, { id: order.id }))!);
      return charged?.pending ? { order: placed, notice: charged.notice } : { order: placed };
    }
    const paymentUrl = await payments.start(order, input.payment_method as PaidMethod, clientIp, returnOrigin);
    return { order: toSummary(order), payment_url: paymentUrl };
  }

  /** A new payment attempt for a pending order (optionally with another gateway). */
  async function payAgain(
    userId: number,
    code: string,
    method: PaidMethod | undefined,
    clientIp: string,
    returnOrigin?: string,
  ) {
    const order = await requireOwnOrder(userId, code);
    if (order.status !== 'pending' || readDate(order.expires_at).getTime() <= Date.now()) {
      throw new AppError('BUSINESS_RULE', 'Đơn hàng không còn chờ thanh toán. Bạn có thể đặt lại đơn mới.');
    }
    const chosen = method ?? (order.payment_method as PaidMethod);
    payments.requireMethod(chosen, order.total);
    if (chosen !== order.payment_method) {
      await repo.transition(db, order.id, ['pending'], 'pending', { payment_method: chosen }, nowIso());
    }
    return { order: toSummary(order), payment_url: await payments.start(order, chosen, clientIp, returnOrigin) };
  }

  async function cancel(userId: number, code: string) {
    const order = await requireOwnOrder(userId, code);
    if (!(await lifecycle.close(order.id, 'cancelled', 'Học viên hủy đơn'))) {
      throw new AppError('CONFLICT', 'Chỉ hủy được đơn hàng đang chờ thanh toán.');
    }
    return toDetails((await repo.findOrder(db, { id: order.id }))!);
  }

  /** Puts the lines of a closed order back into the cart (owned courses are skipped). */
  async function reorder(userId: number, code: string) {
    const order = await requireOwnOrder(userId, code);
    for (const item of await repo.listItems(db, [order.id])) {
      if (item.pod_id === null) continue;
      await cart.add({ userId }, item.pod_id).catch((error: unknown) => {
        if (!isAppError(error)) throw error;
      });
    }
    return cart.view({ userId });
  }

  /** promotion/check.json: what the code takes off the current cart. */
  async function quotePromotion(userId: number, code: string) {
    const view = await cart.view({ userId });
    if (view.items.length === 0) throw new AppError('BUSINESS_RULE', 'Giỏ hàng của bạn đang trống.');
    const lines = view.items.map((item) => ({
      courseId: item.course.id,
      categoryId: item.course.category_id,
      price: item.price,
    }));
    const quote = await promotions.quote(code, userId, lines);
    const discount = Math.min(quote.discount, view.subtotal);
    return {
      code: quote.promotion.code,
      name: quote.promotion.name,
      subtotal: view.subtotal,
      discount,
      total: view.subtotal - discount,
    };
  }

  return {
    place,
    quotePromotion,
    payAgain,
    cancel,
    reorder,
    expireOverdue: lifecycle.expireOverdue,
    async list(userId: number, page: number, limit: number) {
      const [rows, total] = await Promise.all([repo.listOrders(db, userId, page, limit), repo.countOrders(db, userId)]);
      return { items: rows.map(toSummary), total };
    },
    async details(userId: number, code: string) {
      return toDetails(await requireOwnOrder(userId, code));
    },
    /** The state of an order for a verified gateway callback (browser return, app). */
    describe: (order: OrderRow) => toSummary(order),
  };
}
