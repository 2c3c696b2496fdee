/**
 * The studio's money desk (decision 0007): the payments that succeeded on an order they did not
 * pay — a late payment whose automatic refund was refused or is still open, a duplicate, or one
 * from before the late-payment rule — listed until they are refunded; and the refund of any
 * payment that succeeded, audited like every studio write whether the gateway accepts it or not.
 * The audit log and the actor are the studio's (passed in; only the actor's name is read).
 */
import { readDate } from '../../db/connect.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { ORDER_STATUS_LABELS } from '../orders/index.ts';
import type { RefundsService } from './refunds.service.ts';

/** The studio's actor as the desk reads it: who refunds (the gateway's refund note). */
export interface RefundActor {
  viewer: { fullName: string };
}

/** What the desk says about a payment's refund so far. */
const REFUND_STATE: Record<string, string> = {
  none: 'Chưa hoàn tiền',
  pending: 'Đang chờ cổng thanh toán trả lời',
  processing: 'Cổng thanh toán đang xử lý hoàn tiền',
  refused: 'Hoàn tiền bị từ chối',
};

export interface PaymentRefundInput {
  request_id: string;
  amount?: number | undefined;
  reason: string;
}

type RefundOutcome = Awaited<ReturnType<RefundsService['refundPayment']>>;

/**
 * A studio refund through the gateway, audited whether the gateway accepts it (`{action}`) or not
 * (`{action}_failed`, then the error goes on): the answer the studio API gives for it.
 */
export async function runAuditedRefund<Actor>(
  audit: AuditLog<Actor>,
  actor: Actor,
  entry: {
    action: string;
    target: { type: string; id: string };
    input: { amount?: number | undefined; reason: string };
  },
  refund: () => Promise<RefundOutcome>,
  summary: (result: RefundOutcome) => unknown,
) {
  try {
    const result = await refund();
    await audit(actor, entry.action, entry.target, summary(result));
    return {
      code: result.code,
      requestId: result.requestId,
      amount: result.amount,
      status: result.status,
      gateway: result.gateway,
      gateway_ref: result.gatewayRef,
      enrolments_revoked: result.enrolmentsRevoked,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await audit(actor, `${entry.action}_failed`, entry.target, {
      amount: entry.input.amount ?? null,
      reason: entry.input.reason,
      message,
    });
    throw error;
  }
}

export type PaymentsAdmin<Actor extends RefundActor> = ReturnType<typeof createPaymentsAdmin<Actor>>;

export function createPaymentsAdmin<Actor extends RefundActor>(deps: {
  refunds: RefundsService;
  audit: AuditLog<Actor>;
}) {
  const { refunds, audit } = deps;

  async function listUnaccounted({ page, limit }: { page: number; limit: number }) {
    const { rows, total } = await refunds.listUnaccounted({ limit, offset: (page - 1) * limit });
    const items = rows.map((row) => {
      const state = row.refund_status ?? 'none';
      return {
        request_id: row.request_id,
        gateway: row.gateway,
        amount: row.amount,
        gateway_txn_id: row.gateway_txn_id,
        confirmed_at: readDate(row.updated_at).toISOString(),
        order: { code: row.code, status: row.order_status, status_label: ORDER_STATUS_LABELS[row.order_status] },
        buyer: { id: row.user_id, full_name: row.full_name, phone: row.phone },
        refund_state: state,
        refund_state_label: REFUND_STATE[state] ?? state,
        refund_message: row.refund_message,
      };
    });
    return { items, total };
  }

  async function refundPayment(actor: Actor, input: PaymentRefundInput) {
    const target = { type: 'payment', id: input.request_id.trim().toUpperCase() };
    const { requestId, ...result } = await runAuditedRefund(
      audit,
      actor,
      { action: 'payment.refund', target, input },
      () =>
        refunds.refundPayment({
          requestId: input.request_id,
          amount: input.amount,
          reason: input.reason,
          actor: actor.viewer.fullName,
        }),
      (done) => ({ order: done.code, amount: done.amount, result: done }),
    );
    return { request_id: requestId, ...result };
  }

  return { listUnaccounted, refundPayment };
}
