/**
 * Payment attempts and gateway callbacks. The IPN (server to server) is the source of truth: it is
 * verified (signature, order, amount), stored raw, and settled by the late-payment rule exactly
 * once (settlement.ts: the order completes, or the payment is refunded). The browser return and
 * the app's validate call are verified and stored too, but only report the state.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, OrderRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import { amountRefusal } from './amount-bounds.ts';
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
import type { SettlementService } from './settlement.ts';

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

  /**
   * A new attempt for a pending order: its own reference, then the gateway's payment page.
   * `returnOrigin`: the allowed origin the learner browses under (lib/allowed-hosts.ts siteOrigin),
   * so the gateway brings the browser back where its session cookie lives; PUBLIC_URL otherwise.
   * Notifications (IPN) always go to PUBLIC_URL.
   */
  async function start(
    order: OrderRow,
    method: GatewayMethod,
    clientIp: string,
    returnOrigin?: string,
  ): Promise<string> {
    const gateway = requireGateway(method, order.total);
    // Two taps on "Thanh toán" at once: the one that loses the attempt number takes the next one.
    const requestId = await retryOnUniqueViolation(async () => {
      const attempt = (await orderRepo.countPayments(db, order.id)) + 1;
      const requestId = `${order.code}${String(attempt).padStart(2, '0')}`;
      await orderRepo.insertPayment(db, {
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
    const payment = callback.requestId ? await orderRepo.findPaymentByRequestId(db, callback.requestId) : undefined;
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
      verdict = (await lifecycle.fail(order.id, { id: payment.id, ...callback })) ? 'confirmed' : 'already_confirmed';
    } else verdict = 'confirmed';
    await orderRepo.insertNotification(db, {
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

  return { start, handleCallback, requireGateway, gateways, reconcile, simulator: deps.simulator ?? null };
}
