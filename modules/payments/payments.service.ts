/**
 * Payment attempts and gateway callbacks. The IPN (server to server) is the source of truth: it is
 * verified (signature, order, amount), stored raw, and settled by the late-payment rule exactly
 * once (settlement.ts: the order completes, or the payment is refunded). The browser return and
 * the app's validate call are verified and stored too, but only report the state.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, OrderRow, PaymentRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import * as payRepo from './payments.repository.ts';
import { amountRefusal, transferAmountRefusal } from './amount-bounds.ts';
import {
  GatewayError,
  GATEWAY_METHODS,
  paymentOrderInfo,
  type GatewayMethod,
  type IpnAnswer,
  type IpnVerdict,
  type VerifiedCallback,
} from './gateway.ts';
import type { GatewaySimulator } from './gateway-simulator.ts';
import type { Gateways } from './gateways.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { createReconciliation } from './reconciliation.ts';
import { describeRefund } from './refunds.service.ts';
import { findLatestAttempt } from './payment-operations.repository.ts';
import type { Settlement, SettlementService } from './settlement.ts';

export type CallbackChannel = 'ipn' | 'return' | 'app';

export interface CallbackResult {
  verdict: IpnVerdict;
  answer: IpnAnswer;
  callback: VerifiedCallback;
  order: OrderRow | null;
}

export const GATEWAY_PATH: Record<GatewayMethod, string> = {
  momo: 'momo',
  onepay_domestic: 'onepay-noi-dia',
  onepay_international: 'onepay-quoc-te',
  vnpay: 'vnpay',
  zalopay: 'zalopay',
};

/** The page where a learner pays an order by bank transfer (its QR, then the wait for the bank). */
export const TRANSFER_PAGE = '/thanh-toan/chuyen-khoan/';

export function isGatewayMethod(value: string): value is GatewayMethod {
  return (GATEWAY_METHODS as string[]).includes(value);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Kysely<Database>;
  config: PaymentsConfig;
  gateways: Gateways;
  lifecycle: OrderLifecycle;
  settlement: SettlementService;
  /** The simulated gateways' back office (outside production). */
  simulator?: GatewaySimulator | null;
}) {
  const { db, config, gateways, lifecycle, settlement } = deps;

  /** The provider of `method`; with `amount`, also refuses an amount the gateway does not take. */
  function requireGateway(method: string, amount?: number) {
    const gateway = isGatewayMethod(method) ? gateways.get(method) : undefined;
    if (!gateway) {
      throw new AppError('VALIDATION_FAILED', 'Phương thức thanh toán chưa được hỗ trợ.', {
        payment_method: 'Phương thức thanh toán chưa được hỗ trợ.',
      });
    }
    const refusal = amount === undefined ? null : amountRefusal(gateway.method, amount);
    if (refusal) {
      const message = `Không thanh toán được ${formatMoney(amount)} qua phương thức này: ${refusal}. Vui lòng chọn phương thức khác.`;
      throw new AppError('BUSINESS_RULE', message, { payment_method: message });
    }
    return gateway;
  }

  /** Any method a paid order may use: a redirect gateway, or a bank transfer by VietQR when configured. */
  function requireMethod(method: string, amount?: number): void {
    if (method !== 'vietqr') {
      requireGateway(method, amount);
      return;
    }
    if (!config.vietqr) requireGateway(method);
    const refusal = amount === undefined ? null : transferAmountRefusal(amount);
    if (refusal) {
      const message = `Không thanh toán được ${formatMoney(amount!)} qua phương thức này: ${refusal}. Vui lòng chọn phương thức khác.`;
      throw new AppError('BUSINESS_RULE', message, { payment_method: message });
    }
  }

  /**
   * The `vietqr` attempt a transfer for this order counts towards: its latest one, or a new one (a
   * learner may transfer for an order placed with another method, or the studio matches by hand).
   */
  async function transferAttempt(order: OrderRow): Promise<PaymentRow> {
    const existing = await findLatestAttempt(db, order.id, 'vietqr');
    if (existing) return existing;
    await retryOnUniqueViolation(async () => {
      const attempt = (await payRepo.countPayments(db, order.id)) + 1;
      await payRepo.insertPayment(db, {
        orderId: order.id,
        gateway: 'vietqr',
        requestId: `${order.code}${String(attempt).padStart(2, '0')}`,
        amount: order.total,
        now: nowIso(),
      });
    });
    return (await findLatestAttempt(db, order.id, 'vietqr'))!;
  }

  /** Bank transfers (modules/transfers): the order a note names, with its transfer attempt. */
  async function transferTarget(orderCode: string): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const order = await orderRepo.findOrder(db, { code: orderCode });
    return order ? { order, payment: await transferAttempt(order) } : null;
  }

  /**
   * The transfers for an attempt add up to its amount: settled by the late-payment rule like a
   * gateway's IPN (completed, or refunded when the order cannot be fulfilled), exactly once.
   */
  function confirmTransfer(payment: PaymentRow, bankTransactionId: string): Promise<Settlement> {
    return settlement.confirmPaid(payment, { resultCode: 'TRANSFER', transactionId: bankTransactionId });
  }

  /**
   * A new attempt for a pending order: its own reference, then the gateway's payment page.
   * `returnOrigin`: the allowed origin the learner browses under (lib/allowed-hosts.ts siteOrigin),
   * so the gateway brings the browser back where its session cookie lives; PUBLIC_URL otherwise.
   * Notifications (IPN) always go to PUBLIC_URL.
   */
  async function start(
    order: OrderRow,
    method: GatewayMethod | 'vietqr',
    clientIp: string,
    returnOrigin?: string,
  ): Promise<string> {
    if (method === 'vietqr') {
      // No gateway page: the learner transfers from our page, which shows the QR and waits.
      requireMethod(method, order.total);
      await transferAttempt(order);
      return `${returnOrigin ?? config.publicUrl}${TRANSFER_PAGE}${order.code}`;
    }
    const gateway = requireGateway(method, order.total);
    // Two taps on "Thanh toán" at once: the one that loses the attempt number takes the next one.
    const requestId = await retryOnUniqueViolation(async () => {
      const attempt = (await payRepo.countPayments(db, order.id)) + 1;
      const requestId = `${order.code}${String(attempt).padStart(2, '0')}`;
      await payRepo.insertPayment(db, {
        orderId: order.id,
        gateway: method,
        requestId,
        amount: order.total,
        now: nowIso(),
      });
      return requestId;
    });
    const path = GATEWAY_PATH[method];
    try {
      const { paymentUrl } = await gateway.createPayment({
        requestId,
        amount: order.total,
        orderInfo: paymentOrderInfo(order.code),
        returnUrl: `${returnOrigin ?? config.publicUrl}/api/payment/${path}/return`,
        ipnUrl: `${config.publicUrl}/api/payment/${path}/ipn`,
        clientIp: clientIp || '127.0.0.1',
        createdAt: new Date(),
        expiresAt: new Date(new Date(order.expires_at).getTime()),
      });
      return paymentUrl;
    } catch (error) {
      if (error instanceof GatewayError || error instanceof TypeError || (error as Error).name === 'TimeoutError') {
        throw new AppError('BUSINESS_RULE', 'Không kết nối được cổng thanh toán, vui lòng thử lại sau ít phút.');
      }
      throw error;
    }
  }

  async function handleCallback(
    method: GatewayMethod,
    params: Record<string, string>,
    channel: CallbackChannel,
  ): Promise<CallbackResult> {
    const gateway = requireGateway(method);
    const callback = gateway.verifyCallback(params);
    const payment = callback.requestId ? await payRepo.findPaymentByRequestId(db, callback.requestId) : undefined;
    const order = payment ? ((await orderRepo.findOrder(db, { id: payment.order_id })) ?? null) : null;
    let verdict: IpnVerdict;
    if (!callback.valid) verdict = 'bad_signature';
    else if (!payment || !order || payment.gateway !== method) verdict = 'not_found';
    else if (callback.amount !== payment.amount) verdict = 'bad_amount';
    else if (channel !== 'ipn') verdict = 'confirmed';
    else if (callback.outcome === 'success') {
      // Completed or refunded, we have taken responsibility for the money: the gateway hears success.
      verdict = (await settlement.confirmPaid(payment, callback)) === 'already' ? 'already_confirmed' : 'confirmed';
    } else if (callback.outcome === 'failed') {
      await payRepo.settlePayment(db, payment.id, 'failed', callback, nowIso());
      verdict = (await lifecycle.fail(order.id, callback.resultCode)) ? 'confirmed' : 'already_confirmed';
    } else verdict = 'confirmed';
    await payRepo.insertNotification(db, {
      paymentId: payment?.id ?? null,
      gateway: method,
      channel,
      payload: JSON.stringify(params),
      valid: callback.valid,
      outcome: `${verdict}:${callback.outcome}:${callback.resultCode}`.slice(0, 50),
      now: nowIso(),
    });
    const fresh = order ? ((await orderRepo.findOrder(db, { id: order.id })) ?? null) : null;
    return { verdict, answer: gateway.answerIpn(verdict), callback, order: fresh };
  }

  const { reconcile } = createReconciliation({
    db,
    gateways,
    lifecycle,
    settlement,
    afterMinutes: config.reconcileAfterMinutes,
  });

  return {
    start,
    handleCallback,
    requireGateway,
    requireMethod,
    transferTarget,
    confirmTransfer,
    gateways,
    reconcile,
    /** The refund the learner's order page shows (orders asks; payments owns the refunds). */
    describeRefund: (order: OrderRow) => describeRefund(db, order),
    simulator: deps.simulator ?? null,
  };
}
