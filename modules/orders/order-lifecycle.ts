/**
 * The order state machine (PRODUCT.md): pending → paid → completed (enrolments granted, exactly
 * once), pending → cancelled | expired | failed, completed → refunded; and, when a gateway confirms
 * a payment after the order closed, cancelled | expired | failed → paid → completed (the
 * late-payment rule, decision 0007). Every move is one conditional UPDATE, so two racing requests
 * (an IPN and its retry) can never both win.
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, EnrolmentSource, OrderRow, OrderStatus } from '../../db/schema.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { CourseService } from '../catalog/course.service.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { OrderHooks } from './order-hooks.ts';
import type { OrderReceipts } from './order-receipts.ts';
import * as repo from './orders.repository.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  completed: 'Hoàn tất',
  cancelled: 'Đã hủy',
  expired: 'Hết hạn thanh toán',
  failed: 'Thanh toán thất bại',
  refunded: 'Đã hoàn tiền',
};

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/** What a confirmed payment became (the late-payment rule, decision 0007). */
export type PaymentAcceptance =
  | { outcome: 'fulfilled' }
  /** The order cannot be fulfilled: `reason` says why; the caller refunds (its claim is in the transaction). */
  | { outcome: 'refund'; reason: string }
  /** This confirmation was already handled (a replay, or the IPN and reconciliation at once). */
  | { outcome: 'already' };

/** The states a paid order may still be fulfilled from: the money decides, not the clock or a cancel click. */
const FULFILLABLE_FROM: OrderStatus[] = ['pending', 'expired', 'cancelled', 'failed'];

export function createOrderLifecycle(deps: {
  db: Kysely<Database>;
  enrolments: EnrolmentsService;
  promotions: PromotionsService;
  notifications: NotificationsService;
  course: Pick<CourseService, 'findPurchasablePods'>;
  hooks?: OrderHooks;
  /** The paid order's receipt on Zalo (SMS as its fallback), when its template is configured. */
  receipts?: OrderReceipts;
}) {
  const { db, enrolments, promotions, notifications } = deps;

  async function prepare(order: OrderRow, source: EnrolmentSource) {
    const items = await repo.listItems(db, [order.id]);
    return enrolments.prepareGrant(
      order.user_id,
      source,
      items.map((item) => ({ courseId: item.course_id, courseType: item.course_type, cycle: item.cycle })),
      { orderId: order.id },
    );
  }

  /**
   * Inside the caller's transaction: a fulfillable order → paid → completed with its enrolments.
   * A closed order gets its promotion use back first (it was given back when the order closed).
   */
  async function complete(
    trx: Transaction<Database>,
    order: OrderRow,
    writeEnrolments: (trx: Transaction<Database>) => Promise<unknown>,
    paymentId: number | null,
  ): Promise<boolean> {
    const now = nowIso();
    const paid = { paid_at: now, ...(paymentId === null ? {} : { payment_id: paymentId }) };
    if (!(await repo.transition(trx, order.id, FULFILLABLE_FROM, 'paid', paid, now))) return false;
    await promotions.restore(trx, order.id);
    await writeEnrolments(trx);
    await repo.transition(trx, order.id, ['paid'], 'completed', { completed_at: now }, now);
    await deps.hooks?.completed?.(trx, order.id);
    return true;
  }

  /** The learner's notice of a completed order (and the receipt message of a paid one). */
  async function tellPaid(order: OrderRow, late: boolean) {
    await tellPaidInApp(order, late);
    await deps.receipts?.paid(order);
  }

  /** The in-app notice: paid through a gateway, or free (nothing was paid). */
  function tellPaidInApp(order: OrderRow, late: boolean) {
    const closedNote = late ? ' (cổng thanh toán xác nhận sau khi đơn đã đóng; đơn được mở lại và hoàn tất)' : '';
    const ready = 'Khóa học đã sẵn sàng trong mục Khóa học của tôi.';
    return notifications.notify(order.user_id, {
      kind: 'order_paid',
      ...(order.total === 0
        ? { title: 'Đăng ký thành công', body: `Đơn hàng ${order.code} (miễn phí) đã được kích hoạt. ${ready}` }
        : {
            title: 'Thanh toán thành công',
            body: `Đơn hàng ${order.code} (${formatMoney(order.total)}) đã được thanh toán${closedNote}. ${ready}`,
          }),
      link: `/tai-khoan/don-hang?ma=${order.code}`,
    });
  }

  /**
   * Free orders and carrier-billed ones (the money, if any, is already taken): the order completes
   * with its enrolments in one transaction, exactly once. Carrier-billed subscriptions grant with
   * source `subscription` and say so in their own notice.
   */
  async function fulfil(orderId: number, options: { source?: EnrolmentSource } = {}) {
    const order = await repo.findOrder(db, { id: orderId });
    if (!order) return false;
    const write = await prepare(order, options.source ?? 'order');
    const fulfilled = await db.transaction().execute((trx) => complete(trx, order, write, null));
    if (fulfilled && options.source !== 'subscription') await tellPaid(order, false);
    return fulfilled;
  }

  /** Why an order whose payment was just confirmed cannot be fulfilled (Vietnamese), or null. */
  async function fulfilmentBlocker(order: OrderRow): Promise<string | null> {
    if (order.status === 'paid' || order.status === 'completed')
      return `Đơn hàng ${order.code} đã được thanh toán bằng một giao dịch khác.`;
    if (order.status === 'refunded') return `Đơn hàng ${order.code} đã được hoàn tiền trước đó.`;
    const items = await repo.listItems(db, [order.id]);
    const pods = await deps.course.findPurchasablePods(items.flatMap((item) => (item.pod_id ? [item.pod_id] : [])));
    const gone = items.find((item) => item.pod_id === null || !pods.has(item.pod_id));
    if (gone) return `Khóa học "${gone.course_title}" không còn được bán.`;
    const courseIds = [...new Set(items.map((item) => item.course_id))];
    const owned = await enrolments.listOwnedCourseIds(order.user_id, courseIds);
    if (courseIds.every((id) => owned.includes(id)))
      return 'Bạn đã sở hữu tất cả khóa học trong đơn qua một đơn hàng khác.';
    return null;
  }

  /**
   * A gateway confirmed this attempt paid (signature, order and amount checked). One transaction
   * lets the payments module claim the attempt (`steps.claim`: pending or failed → succeeded, the
   * one conditional UPDATE that makes replays and racing confirmations harmless), then either completes the order — from pending,
   * expired, cancelled or failed — or, when it cannot be fulfilled, calls `claimRefund` in the same
   * transaction so the money is never left unaccounted for. The learner is told when it completes.
   */
  async function acceptPayment(
    orderId: number,
    paymentId: number,
    steps: {
      /** The payments module's claim of its attempt (pending or failed → succeeded); false: already claimed. */
      claim: (trx: Transaction<Database>) => Promise<boolean>;
      claimRefund: (trx: Transaction<Database>, reason: string) => Promise<void>;
    },
  ): Promise<PaymentAcceptance> {
    const order = await repo.findOrder(db, { id: orderId });
    if (!order) throw new Error(`order ${orderId} not found`);
    const blocker = await fulfilmentBlocker(order);
    const write = blocker === null ? await prepare(order, 'order') : null;
    const { claim, claimRefund } = steps;
    const acceptance = await db.transaction().execute(async (trx): Promise<PaymentAcceptance> => {
      if (!(await claim(trx))) return { outcome: 'already' };
      if (write && (await complete(trx, order, write, paymentId))) return { outcome: 'fulfilled' };
      const reason = blocker ?? `Đơn hàng ${order.code} đã được thanh toán bằng một giao dịch khác.`;
      await claimRefund(trx, reason);
      return { outcome: 'refund', reason };
    });
    if (acceptance.outcome === 'fulfilled') await tellPaid(order, order.status !== 'pending');
    return acceptance;
  }

  /** pending → cancelled | expired | failed; gives the promotion use back. */
  async function close(orderId: number, to: 'cancelled' | 'expired' | 'failed', reason?: string) {
    return db.transaction().execute(async (trx) => {
      const now = nowIso();
      const moved = await repo.transition(
        trx,
        orderId,
        ['pending'],
        to,
        { closed_at: now, ...(reason ? { failure_reason: reason } : {}) },
        now,
      );
      if (moved) await promotions.release(trx, orderId);
      return moved;
    });
  }

  /** The gateway declined the order's latest attempt (the payments module has recorded it): pending → failed. */
  async function fail(orderId: number, resultCode: string) {
    const moved = await close(orderId, 'failed', `Cổng thanh toán trả mã ${resultCode}`);
    if (moved) {
      const order = (await repo.findOrder(db, { id: orderId }))!;
      await notifications.notify(order.user_id, {
        kind: 'order_failed',
        title: 'Thanh toán không thành công',
        body: `Đơn hàng ${order.code} chưa được thanh toán. Bạn có thể đặt lại và chọn phương thức khác.`,
        link: `/tai-khoan/don-hang?ma=${order.code}`,
      });
    }
    return moved;
  }

  /** Unpaid orders past their deadline become expired; a job runner or the in-process interval calls it. */
  async function expireOverdue(now = new Date()): Promise<number> {
    let expired = 0;
    for (const id of await repo.listOverdueIds(db, now.toISOString())) {
      if (await close(id, 'expired')) expired += 1;
    }
    return expired;
  }

  return { fulfil, acceptPayment, close, fail, expireOverdue };
}
