/**
 * Reconciliation: gateway payments still pending after a few minutes are queried at their gateway.
 * Paid → the late-payment rule settles it as the IPN does (settlement.ts: the order completes, or
 * the payment is refunded; one conditional UPDATE decides, so an IPN arriving at the same moment,
 * or a second instance running the same round, can never act twice); failed → the order fails
 * (the learner is told); pending or not found → left to the expiry job. A gateway that cannot
 * answer is skipped until the next round. Payments are queried for a day after they started,
 * whatever their order's state (a payment taken after a cancel or the deadline is still money).
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { settlePayment } from './payments.repository.ts';
import { toGatewayTransaction, type GatewayMethod } from './gateway.ts';
import type { Gateways } from './gateways.ts';
import { insertQueryAnswer, latestPaymentId, listPaymentsToReconcile } from './payment-operations.repository.ts';
import type { SettlementService } from './settlement.ts';

const LOOK_BACK_MS = 24 * 3_600_000;

export interface ReconcileReport {
  checked: number;
  completed: number;
  /** Paid, but the order could not be fulfilled: refunded automatically. */
  refunded: number;
  failed: number;
  waiting: number;
  /** Payments whose gateway could not answer (or answered an amount that is not the order's). */
  errors: { requestId: string; message: string }[];
}

export function createReconciliation(deps: {
  db: Kysely<Database>;
  gateways: Gateways;
  lifecycle: OrderLifecycle;
  settlement: SettlementService;
  afterMinutes: number;
}) {
  const { db, gateways, lifecycle, settlement, afterMinutes } = deps;

  /** The raw answer is stored for the order page (studio); storing it never stops the round. */
  async function keepAnswer(
    payment: { id: number; gateway: string },
    status: string,
    resultCode: string | null,
    raw: unknown,
  ) {
    const row = { paymentId: payment.id, gateway: payment.gateway, status, resultCode, payload: JSON.stringify(raw) };
    await insertQueryAnswer(db, row, nowIso()).catch(() => undefined);
  }

  async function reconcile(now = new Date()): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, completed: 0, refunded: 0, failed: 0, waiting: 0, errors: [] };
    const before = new Date(now.getTime() - afterMinutes * 60_000).toISOString();
    const since = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
    for (const payment of await listPaymentsToReconcile(db, since, before)) {
      const gateway = gateways.get(payment.gateway as GatewayMethod);
      if (!gateway) continue;
      report.checked += 1;
      try {
        const result = await gateway.query(toGatewayTransaction(payment, payment.code), now).catch(async (error) => {
          await keepAnswer(payment, 'error', null, { error: (error as Error).message });
          throw error;
        });
        await keepAnswer(payment, result.status, 'code' in result ? result.code : null, result.raw);
        if (result.status === 'paid') {
          if (result.amount !== payment.amount) {
            report.errors.push({ requestId: payment.request_id, message: `số tiền ${result.amount} khác đơn hàng` });
            continue;
          }
          const settled = { resultCode: 'query:paid', transactionId: result.transactionId };
          const outcome = await settlement.confirmPaid(payment, settled);
          if (outcome === 'fulfilled') report.completed += 1;
          else if (outcome === 'refunded') report.refunded += 1;
        } else if (result.status === 'failed') {
          const settled = { id: payment.id, resultCode: result.code, transactionId: null };
          // An older attempt that failed says nothing about a newer one: only the latest fails the order.
          await settlePayment(db, payment.id, 'failed', settled, nowIso());
          if ((await latestPaymentId(db, payment.order_id)) === payment.id) {
            if (await lifecycle.fail(payment.order_id, settled.resultCode)) report.failed += 1;
          }
        } else report.waiting += 1;
      } catch (error) {
        report.errors.push({ requestId: payment.request_id, message: (error as Error).message });
      }
    }
    return report;
  }

  return { reconcile };
}
