/**
 * The late-payment rule (decision 0007), the one place every path that learns a gateway payment
 * succeeded goes through: the IPN of each gateway and the reconciliation job (browser returns and
 * the app's validate call only report). A confirmed payment — right signature, known attempt,
 * right amount — never ends in nothing:
 * - the order completes (enrolments granted, the learner told) whenever it can still be fulfilled,
 *   from pending and also from expired, cancelled or failed: the learner paid for it;
 * - otherwise (already paid by another attempt, refunded, a course no longer sold, every course
 *   already owned through another order) the whole amount is refunded through the gateway's refund
 *   API and the learner is told. The refund is claimed in the transaction that accepts the payment,
 *   so a crash leaves it on record; a refusal stays on record and the studio lists the payment.
 * The payment attempt's pending → succeeded UPDATE decides who handles a confirmation, so
 * duplicates and an IPN racing reconciliation fulfil or refund exactly once.
 */
import { nowIso } from '../../db/connect.ts';
import type { PaymentRow } from '../../db/schema.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { claimRefund } from './payment-operations.repository.ts';
import { settlePayment } from './payments.repository.ts';
import { AUTOMATIC_REFUND_ACTOR, type RefundsService } from './refunds.service.ts';

/** fulfilled: the order completed; refunded: the money is being sent back; already: a replay. */
export type Settlement = 'fulfilled' | 'refunded' | 'already';

export type SettlementService = ReturnType<typeof createSettlement>;

export function createSettlement(deps: {
  lifecycle: OrderLifecycle;
  refunds: Pick<RefundsService, 'refundAutomatically'>;
}) {
  const { lifecycle, refunds } = deps;

  async function confirmPaid(
    payment: Pick<PaymentRow, 'id' | 'order_id' | 'request_id' | 'amount'>,
    result: { resultCode: string; transactionId: string | null },
  ): Promise<Settlement> {
    let claimId: number | null = null;
    const acceptance = await lifecycle.acceptPayment(payment.order_id, payment.id, {
      claim: (trx) => settlePayment(trx, payment.id, 'succeeded', result, nowIso(), ['pending', 'failed']),
      claimRefund: async (trx, reason) => {
        claimId = await claimRefund(
          trx,
          {
            paymentId: payment.id,
            orderId: payment.order_id,
            // One automatic refund per payment: the same reference if it is ever asked again.
            requestId: `${payment.request_id}H`,
            amount: payment.amount,
            reason,
            actor: AUTOMATIC_REFUND_ACTOR,
          },
          nowIso(),
        );
      },
    });
    if (acceptance.outcome === 'fulfilled') return 'fulfilled';
    if (acceptance.outcome === 'already') return 'already';
    if (claimId !== null) await refunds.refundAutomatically(claimId);
    return 'refunded';
  }

  return { confirmPaid };
}
