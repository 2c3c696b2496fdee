/**
 * Refunds (PRODUCT.md: completed → refunded), for the studio later and `npm run orders:refund` now.
 * Only a completed order paid through a gateway; one refund per order (full by default, or part of
 * the amount). The order's one live refund is claimed first (a unique index), then the gateway is
 * asked; if it refuses, nothing changes but the refused attempt on record. If it accepts (done or
 * still processing) the order becomes refunded, the refund is recorded on the payment with the
 * gateway's reference and raw answer, the enrolments the order granted end now, and the learner is
 * told. The promotion use is not given back: the code was spent on a completed order (decision in
 * docs/architecture.md).
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { revokeForOrder } from '../enrolments/enrolments.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { ORDER_STATUS_LABELS } from '../orders/order-lifecycle.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import { toGatewayTransaction, type GatewayMethod } from './gateway.ts';
import type { Gateways } from './gateways.ts';
import * as repo from './payment-operations.repository.ts';

export interface RefundOrderInput {
  code: string;
  /** In đồng; the whole payment when absent. */
  amount?: number | undefined;
  reason: string;
  /** Who asks: a studio user's name, or `cli:<user>`. */
  actor: string;
}

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService(deps: {
  db: Kysely<Database>;
  gateways: Gateways;
  notifications: NotificationsService;
  hooks?: OrderHooks;
}) {
  const { db, gateways, notifications } = deps;

  async function checkRefundable(input: RefundOrderInput) {
    const order = await orderRepo.findOrder(db, { code: input.code.trim().toUpperCase() });
    if (!order) throw new AppError('NOT_FOUND', 'Không tìm thấy đơn hàng.');
    if (order.status === 'refunded')
      throw new AppError('CONFLICT', `Đơn hàng ${order.code} đã được hoàn tiền trước đó.`);
    if (order.status !== 'completed') {
      throw new AppError(
        'BUSINESS_RULE',
        `Chỉ hoàn tiền được đơn hàng đã hoàn tất; đơn ${order.code} đang ở trạng thái "${ORDER_STATUS_LABELS[order.status]}".`,
      );
    }
    const payment = await repo.findSucceededPayment(db, order.id);
    const gateway = payment ? gateways.get(payment.gateway as GatewayMethod) : undefined;
    if (!payment || !payment.gateway_txn_id || !gateway) {
      throw new AppError(
        'BUSINESS_RULE',
        `Đơn hàng ${order.code} không được thanh toán qua cổng thanh toán nên không hoàn tiền tự động được.`,
      );
    }
    const amount = input.amount ?? payment.amount;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > payment.amount) {
      const message = `Số tiền hoàn phải từ 1đ đến ${formatMoney(payment.amount)}.`;
      throw new AppError('VALIDATION_FAILED', message, { amount: message });
    }
    const reason = input.reason.trim();
    if (reason.length < 3 || reason.length > 500) {
      const message = 'Vui lòng nhập lý do hoàn tiền (3–500 ký tự).';
      throw new AppError('VALIDATION_FAILED', message, { reason: message });
    }
    return { order, payment, gateway, amount, reason };
  }

  async function refundOrder(input: RefundOrderInput, now = new Date()) {
    const { order, payment, gateway, amount, reason } = await checkRefundable(input);
    const actor = input.actor.trim().slice(0, 100) || 'khong-ro';
    const requestId = `${order.code}R${now.getTime().toString(36).toUpperCase()}`;
    const claimId = await repo.claimRefund(
      db,
      { paymentId: payment.id, orderId: order.id, requestId, amount, reason, actor },
      now.toISOString(),
    );
    if (claimId === null)
      throw new AppError('CONFLICT', `Đơn hàng ${order.code} đang được hoàn tiền hoặc đã được hoàn tiền.`);

    let result;
    try {
      result = await gateway.refund({
        transaction: toGatewayTransaction(payment, order.code),
        refundId: requestId,
        amount,
        reason,
        actor,
        now,
      });
    } catch (error) {
      await repo.dropRefundClaim(db, claimId);
      if (isAppError(error)) throw error;
      throw new AppError(
        'BUSINESS_RULE',
        'Không kết nối được cổng thanh toán nên chưa hoàn tiền. Vui lòng thử lại sau ít phút.',
      );
    }

    if (result.status === 'refused') {
      await repo.settleRefund(
        db,
        claimId,
        { status: 'refused', gatewayRef: null, code: result.code, message: result.message, raw: result.raw },
        nowIso(),
      );
      throw new AppError('BUSINESS_RULE', `Cổng thanh toán từ chối hoàn tiền (mã ${result.code}): ${result.message}`);
    }

    const revoked = await db.transaction().execute(async (trx) => {
      const at = nowIso();
      await repo.settleRefund(
        trx,
        claimId,
        {
          status: result.status === 'refunded' ? 'succeeded' : 'processing',
          gatewayRef: result.reference,
          code: null,
          message: null,
          raw: result.raw,
        },
        at,
      );
      if (await orderRepo.transition(trx, order.id, ['completed'], 'refunded', { closed_at: at }, at))
        await deps.hooks?.refunded?.(trx, order.id);
      return revokeForOrder(trx, order.id, at);
    });
    await notifications.notify(order.user_id, {
      kind: 'order_refunded',
      title: 'Đơn hàng đã được hoàn tiền',
      body: `Đơn hàng ${order.code} được hoàn ${formatMoney(amount)} về ${gateway.label}${result.status === 'pending' ? ' (cổng thanh toán đang xử lý, tiền có thể về sau vài ngày làm việc)' : ''}. Quyền học các khóa trong đơn đã kết thúc.`,
      link: `/tai-khoan/don-hang?ma=${order.code}`,
    });
    return {
      code: order.code,
      amount,
      status: result.status,
      gateway: gateway.method,
      gatewayRef: result.reference,
      enrolmentsRevoked: revoked,
    };
  }

  return { refundOrder };
}

/** What the learner's order page shows of a refund the gateway accepted. */
export async function describeRefund(db: Kysely<Database>, orderId: number) {
  const refund = await repo.findAcceptedRefund(db, orderId);
  return refund
    ? {
        amount: refund.amount,
        processing: refund.status === 'processing',
        refunded_at: readDate(refund.updated_at).toISOString(),
      }
    : null;
}
