/**
 * Refunds through the gateway's refund API: asked from the studio (any payment that succeeded) or
 * `npm run orders:refund` (an order), and made automatically by the late-payment rule (decision
 * 0007) when a confirmed payment cannot complete its order. One live refund per payment: it is
 * claimed first (a unique index), then the gateway is asked; a refusal changes nothing but the
 * refused attempt on record. When the gateway accepts (done or still processing) the refund is
 * recorded with the gateway's reference and raw answer and the learner is told; if the payment is
 * the one that paid a completed order, the order becomes refunded and the access it granted ends
 * now. The promotion use is not given back: the code was spent on a completed order (decision in
 * docs/architecture.md).
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, OrderRow, PaymentRow } from '../../db/schema.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { revokeForOrder } from '../enrolments/enrolments.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { ORDER_STATUS_LABELS } from '../orders/order-lifecycle.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import * as payRepo from './payments.repository.ts';
import { toGatewayTransaction, type GatewayMethod, type GatewayProvider, type RefundResult } from './gateway.ts';
import type { Gateways } from './gateways.ts';
import * as repo from './payment-operations.repository.ts';

export interface RefundInput {
  /** In đồng; the whole payment when absent. */
  amount?: number | undefined;
  reason: string;
  /** Who asks: a studio user's name, or `cli:<user>`. */
  actor: string;
}

export interface RefundOrderInput extends RefundInput {
  code: string;
}

export interface RefundPaymentInput extends RefundInput {
  /** The payment attempt's reference (MoMo orderId, vpc_MerchTxnRef, vnp_TxnRef). */
  requestId: string;
}

/** Who made the late-payment rule's refunds, as the refund rows and the studio show it. */
export const AUTOMATIC_REFUND_ACTOR = 'Hệ thống (hoàn tiền tự động)';

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService(deps: {
  db: Kysely<Database>;
  gateways: Gateways;
  notifications: NotificationsService;
  hooks?: OrderHooks;
}) {
  const { db, gateways, notifications } = deps;

  const notThroughGateway = (order: OrderRow) =>
    new AppError(
      'BUSINESS_RULE',
      `Đơn hàng ${order.code} không được thanh toán qua cổng thanh toán nên không hoàn tiền tự động được.`,
    );

  function requireGateway(order: OrderRow, payment: PaymentRow): GatewayProvider {
    const gateway = gateways.get(payment.gateway as GatewayMethod);
    if (!payment.gateway_txn_id || !gateway) throw notThroughGateway(order);
    return gateway;
  }

  function checkInput(payment: PaymentRow, input: RefundInput) {
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
    return { amount, reason, actor: input.actor.trim().slice(0, 100) || 'khong-ro' };
  }

  /** The learner's notice of an accepted refund; a payment that paid the order also ends its access. */
  function tellRefunded(
    order: OrderRow,
    gateway: GatewayProvider,
    amount: number,
    result: RefundResult,
    paid: boolean,
  ) {
    const processing =
      result.status === 'pending' ? ' (cổng thanh toán đang xử lý, tiền có thể về sau vài ngày làm việc)' : '';
    const access = paid ? ' Quyền học các khóa trong đơn đã kết thúc.' : '';
    return notifications.notify(order.user_id, {
      kind: 'order_refunded',
      title: 'Đơn hàng đã được hoàn tiền',
      body: `Đơn hàng ${order.code} được hoàn ${formatMoney(amount)} về ${gateway.label}${processing}.${access}`,
      link: `/tai-khoan/don-hang?ma=${order.code}`,
    });
  }

  /** Records an accepted refund; when the payment paid the (completed) order, the order is refunded. */
  async function recordAccepted(
    claimId: number,
    order: OrderRow,
    payment: PaymentRow,
    result: RefundResult,
    amount = payment.amount,
  ) {
    if (result.status === 'refused') throw new Error('a refused refund is not accepted');
    return db.transaction().execute(async (trx) => {
      const at = nowIso();
      const answer = {
        status: result.status === 'refunded' ? ('succeeded' as const) : ('processing' as const),
        gatewayRef: result.reference,
        code: null,
        message: null,
        raw: result.raw,
      };
      await repo.settleRefund(trx, claimId, answer, at);
      if (order.payment_id !== payment.id) return 0;
      if (await orderRepo.transition(trx, order.id, ['completed'], 'refunded', { closed_at: at }, at))
        await deps.hooks?.refunded?.(trx, order.id, amount);
      return revokeForOrder(trx, order.id, at);
    });
  }

  /** A refund asked by a person: claimed, asked of the gateway, recorded; refusals throw in Vietnamese. */
  async function refund(order: OrderRow, payment: PaymentRow, input: RefundInput, now: Date) {
    const gateway = requireGateway(order, payment);
    const { amount, reason, actor } = checkInput(payment, input);
    const requestId = `${order.code}R${now.getTime().toString(36).toUpperCase()}`;
    const claimId = await repo.claimRefund(
      db,
      { paymentId: payment.id, orderId: order.id, requestId, amount, reason, actor },
      now.toISOString(),
    );
    if (claimId === null) {
      const what = order.payment_id === payment.id ? `Đơn hàng ${order.code}` : `Giao dịch ${payment.request_id}`;
      throw new AppError('CONFLICT', `${what} đang được hoàn tiền hoặc đã được hoàn tiền.`);
    }
    let result: RefundResult;
    try {
      const transaction = toGatewayTransaction(payment, order.code);
      result = await gateway.refund({ transaction, refundId: requestId, amount, reason, actor, now });
    } catch (error) {
      await repo.dropRefundClaim(db, claimId);
      if (isAppError(error)) throw error;
      throw new AppError(
        'BUSINESS_RULE',
        'Không kết nối được cổng thanh toán nên chưa hoàn tiền. Vui lòng thử lại sau ít phút.',
      );
    }
    if (result.status === 'refused') {
      const refused = { status: 'refused' as const, gatewayRef: null, code: result.code, message: result.message };
      await repo.settleRefund(db, claimId, { ...refused, raw: result.raw }, nowIso());
      throw new AppError('BUSINESS_RULE', `Cổng thanh toán từ chối hoàn tiền (mã ${result.code}): ${result.message}`);
    }
    const revoked = await recordAccepted(claimId, order, payment, result, amount);
    await tellRefunded(order, gateway, amount, result, order.payment_id === payment.id);
    return {
      code: order.code,
      requestId: payment.request_id,
      amount,
      status: result.status,
      gateway: gateway.method,
      gatewayRef: result.reference,
      enrolmentsRevoked: revoked,
    };
  }

  /**
   * Refunds an order: a completed order → the payment that paid it (the order becomes refunded);
   * an order that is not completed → its payment that succeeded and is not yet refunded (a late
   * payment the rule could not refund, or one from before the rule).
   */
  async function refundOrder(input: RefundOrderInput, now = new Date()) {
    const order = await orderRepo.findOrder(db, { code: input.code.trim().toUpperCase() });
    if (!order) throw new AppError('NOT_FOUND', 'Không tìm thấy đơn hàng.');
    if (order.status === 'refunded')
      throw new AppError('CONFLICT', `Đơn hàng ${order.code} đã được hoàn tiền trước đó.`);
    const payment =
      order.status === 'completed'
        ? await repo.findPayingPayment(db, order)
        : await repo.findUnaccountedPayment(db, order.id);
    if (!payment && order.status === 'completed') throw notThroughGateway(order);
    if (!payment) {
      throw new AppError(
        'BUSINESS_RULE',
        `Chỉ hoàn tiền được đơn hàng đã hoàn tất; đơn ${order.code} đang ở trạng thái "${ORDER_STATUS_LABELS[order.status]}".`,
      );
    }
    return refund(order, payment, input, now);
  }

  /** Refunds any payment that succeeded (studio): the order's own payment refunds the order. */
  async function refundPayment(input: RefundPaymentInput, now = new Date()) {
    const payment = await payRepo.findPaymentByRequestId(db, input.requestId.trim().toUpperCase());
    if (!payment) throw new AppError('NOT_FOUND', 'Không tìm thấy giao dịch thanh toán.');
    const order = (await orderRepo.findOrder(db, { id: payment.order_id }))!;
    if (payment.status !== 'succeeded')
      throw new AppError(
        'BUSINESS_RULE',
        `Giao dịch ${payment.request_id} chưa thanh toán thành công nên không hoàn tiền.`,
      );
    if (order.payment_id === payment.id && order.status === 'refunded')
      throw new AppError('CONFLICT', `Đơn hàng ${order.code} đã được hoàn tiền trước đó.`);
    return refund(order, payment, input, now);
  }

  /**
   * The late-payment rule's refund, claimed (`claimId`) in the transaction that accepted the
   * payment: the whole amount, to the gateway it came from. It never throws: a refusal, or a
   * gateway that does not answer, stays on record as refused with the reason (the studio lists the
   * payment as needing attention), and the learner is told either way.
   */
  async function refundAutomatically(claimId: number, now = new Date()) {
    const claim = await repo.findRefund(db, claimId);
    const payment = claim ? await repo.findPayment(db, claim.payment_id) : undefined;
    const order = payment ? await orderRepo.findOrder(db, { id: payment.order_id }) : undefined;
    if (!claim || !payment || !order) return 'refused' as const;
    const gateway = gateways.get(payment.gateway as GatewayMethod);
    let result: RefundResult;
    if (payment.gateway === 'vietqr') {
      // A bank transfer has no refund API: it joins the refund queue for a person to transfer back.
      const message = 'Chuyển khoản ngân hàng: hoàn tiền thủ công về tài khoản đã chuyển.';
      result = { status: 'refused', code: 'MANUAL', message, raw: { manual: true } };
    } else
      try {
        if (!gateway) throw new Error('Cổng thanh toán không còn được cấu hình.');
        result = await gateway.refund({
          transaction: toGatewayTransaction(payment, order.code),
          refundId: claim.request_id,
          amount: claim.amount,
          reason: claim.reason,
          actor: claim.actor,
          now,
        });
      } catch (error) {
        const message = `Cổng thanh toán không trả lời: ${(error as Error).message}`;
        result = { status: 'refused', code: 'NO_ANSWER', message, raw: { error: (error as Error).message } };
      }
    if (result.status === 'refused') {
      const refused = { status: 'refused' as const, gatewayRef: null, code: result.code, message: result.message };
      await repo.settleRefund(db, claimId, { ...refused, raw: result.raw }, nowIso());
      await notifications.notify(order.user_id, {
        kind: 'order_refund_pending',
        title: 'Chúng tôi sẽ hoàn tiền cho bạn',
        body: `Khai Trí nhận được ${formatMoney(payment.amount)} cho đơn hàng ${order.code} nhưng không thể giao khóa học (${claim.reason.replace(/\.$/, '')}). Cổng thanh toán chưa hoàn tiền tự động được; bộ phận hỗ trợ sẽ hoàn tiền cho bạn trong 3 ngày làm việc.`,
        link: `/tai-khoan/don-hang?ma=${order.code}`,
      });
      return 'refused' as const;
    }
    await recordAccepted(claimId, order, payment, result);
    const body = `Khai Trí nhận được ${formatMoney(payment.amount)} cho đơn hàng ${order.code} nhưng không thể giao khóa học: ${claim.reason} Số tiền được hoàn tự động về ${gateway!.label}${result.status === 'pending' ? ' (cổng thanh toán đang xử lý, tiền có thể về sau vài ngày làm việc)' : ''}.`;
    await notifications.notify(order.user_id, {
      kind: 'order_refunded',
      title: 'Thanh toán đã được hoàn lại',
      body,
      link: `/tai-khoan/don-hang?ma=${order.code}`,
    });
    return result.status;
  }

  /** Payments that succeeded on an order they did not complete (the studio's "Cần xử lý"), newest first. */
  async function listUnaccounted(page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      repo.listUnaccountedPayments(db, page),
      repo.countUnaccountedPayments(db),
    ]);
    return { rows, total };
  }

  return { refundOrder, refundPayment, refundAutomatically, listUnaccounted };
}

/**
 * What the learner's order page shows of a refund the gateway accepted: the refund of the payment
 * that paid the order, or, for an order that never completed, of a payment that arrived after it
 * closed (`late_payment`: the late-payment rule sent it back; no access was granted, none ends).
 */
export async function describeRefund(db: Kysely<Database>, order: OrderRow) {
  const refund =
    order.payment_id !== null
      ? await repo.findAcceptedRefund(db, { paymentId: order.payment_id })
      : await repo.findAcceptedRefund(db, { orderId: order.id });
  return refund
    ? {
        amount: refund.amount,
        processing: refund.status === 'processing',
        refunded_at: readDate(refund.updated_at).toISOString(),
        late_payment: order.payment_id === null,
      }
    : null;
}
