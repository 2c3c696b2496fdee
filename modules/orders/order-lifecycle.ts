/**
 * The order state machine (PRODUCT.md): pending → paid → completed (enrolments granted, exactly
 * once), pending → cancelled | expired | failed, completed → refunded. Every move is one conditional
 * UPDATE, so two racing requests (an IPN and its retry) can never both win.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, EnrolmentSource, OrderStatus } from '../../db/schema.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { OrderHooks } from './order-hooks.ts';
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

export function createOrderLifecycle(deps: {
  db: Kysely<Database>;
  enrolments: EnrolmentsService;
  promotions: PromotionsService;
  notifications: NotificationsService;
  hooks?: OrderHooks;
}) {
  const { db, enrolments, promotions, notifications } = deps;

  /**
   * Paid: pending (or expired, when the gateway confirms a late payment) → paid → completed, with
   * the enrolments, in one transaction. False when the order was already fulfilled. Carrier-billed
   * subscriptions grant with source `subscription`.
   */
  async function fulfil(
    orderId: number,
    payment?: { id: number; resultCode: string; transactionId: string | null },
    options: { source?: EnrolmentSource } = {},
  ) {
    const order = await repo.findOrder(db, { id: orderId });
    if (!order) return false;
    const items = await repo.listItems(db, [orderId]);
    const writeEnrolments = await enrolments.prepareGrant(
      order.user_id,
      options.source ?? 'order',
      items.map((item) => ({ courseId: item.course_id, courseType: item.course_type, cycle: item.cycle })),
      { orderId },
    );
    const fulfilled = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (payment) await repo.settlePayment(trx, payment.id, 'succeeded', payment, now);
      if (!(await repo.transition(trx, orderId, ['pending', 'expired'], 'paid', { paid_at: now }, now))) return null;
      await writeEnrolments(trx);
      await repo.transition(trx, orderId, ['paid'], 'completed', { completed_at: now }, now);
      await deps.hooks?.completed?.(trx, orderId);
      return order;
    });
    // A carrier-billed subscription says so in its own "subscribed" notice: one notice per purchase.
    if (fulfilled && fulfilled.total > 0 && options.source !== 'subscription') {
      await notifications.notify(fulfilled.user_id, {
        kind: 'order_paid',
        title: 'Thanh toán thành công',
        body: `Đơn hàng ${fulfilled.code} (${formatMoney(fulfilled.total)}) đã được thanh toán. Khóa học đã sẵn sàng trong mục Khóa học của tôi.`,
        link: `/tai-khoan/don-hang?ma=${fulfilled.code}`,
      });
    }
    return fulfilled !== null;
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

  async function fail(orderId: number, payment: { id: number; resultCode: string; transactionId: string | null }) {
    await repo.settlePayment(db, payment.id, 'failed', payment, nowIso());
    const moved = await close(orderId, 'failed', `Cổng thanh toán trả mã ${payment.resultCode}`);
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

  return { fulfil, close, fail, expireOverdue };
}
