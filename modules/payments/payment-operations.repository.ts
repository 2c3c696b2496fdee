/** Queries for the gateway operations: payments to reconcile, refunds and their answers. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, RefundStatus } from '../../db/schema.ts';
import { GATEWAY_METHODS } from './gateway.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Gateway payments still pending, created between `since` and `before`, of orders the gateway
 * could still settle: pending, or expired (a late payment is honoured, as by the IPN). Oldest first.
 */
export function listPaymentsToReconcile(db: Db, since: string, before: string, limit = 200) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.id',
      'payments.order_id',
      'payments.gateway',
      'payments.request_id',
      'payments.amount',
      'payments.gateway_txn_id',
      'payments.created_at',
      'orders.code',
    ])
    .where('payments.status', '=', 'pending')
    .where('payments.gateway', 'in', GATEWAY_METHODS)
    .where('payments.created_at', '<', before)
    .where('payments.created_at', '>', since)
    .where('orders.status', 'in', ['pending', 'expired'])
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

/** The attempt that paid an order. */
export function findSucceededPayment(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Claims the order's one live refund; false when another one is pending or done. */
export async function claimRefund(
  db: Db,
  row: { paymentId: number; orderId: number; requestId: string; amount: number; reason: string; actor: string },
  now: string,
): Promise<number | null> {
  const inserted = await db
    .insertInto('payment_refunds')
    .values({
      payment_id: row.paymentId,
      order_id: row.orderId,
      request_id: row.requestId,
      amount: row.amount,
      reason: row.reason,
      actor: row.actor,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function settleRefund(
  db: Db,
  id: number,
  answer: {
    status: Exclude<RefundStatus, 'pending'>;
    gatewayRef: string | null;
    code: string | null;
    message: string | null;
    raw: unknown;
  },
  now: string,
) {
  return db
    .updateTable('payment_refunds')
    .set({
      status: answer.status,
      gateway_ref: answer.gatewayRef,
      result_code: answer.code?.slice(0, 20) ?? null,
      message: answer.message?.slice(0, 500) ?? null,
      raw: JSON.stringify(answer.raw),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A claim whose gateway call never got an answer: gone, so the refund can be asked again. */
export function dropRefundClaim(db: Db, id: number) {
  return db.deleteFrom('payment_refunds').where('id', '=', id).where('status', '=', 'pending').execute();
}

/** The refund the gateway accepted for an order, if any. */
export function findAcceptedRefund(db: Db, orderId: number) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['processing', 'succeeded'])
    .executeTakeFirst();
}

/** The order's most recent payment attempt. */
export async function latestPaymentId(db: Db, orderId: number): Promise<number | null> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.id === undefined || row.id === null ? null : Number(row.id);
}

/** Keeps a gateway's raw answer to a query about one payment attempt (or why it could not answer). */
export async function insertQueryAnswer(
  db: Db,
  row: { paymentId: number; gateway: string; status: string; resultCode: string | null; payload: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('payment_queries')
    .values({
      payment_id: row.paymentId,
      gateway: row.gateway,
      status: row.status,
      result_code: row.resultCode,
      payload: row.payload,
      created_at: now,
    })
    .execute();
}
