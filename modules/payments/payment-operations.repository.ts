/** Queries for the gateway operations: payments to reconcile, refunds and their answers. */
import type { PaymentMethod, RefundStatus } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import { GATEWAY_METHODS } from './gateway.ts';

/**
 * Gateway payments still pending, created between `since` and `before`, whatever their order's
 * state: a payment the gateway took after the order was cancelled, expired or failed is settled
 * by the late-payment rule like one on a pending order. Oldest first.
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
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

/** The attempt that paid an order. */
export function findPayingPayment(db: Db, order: { payment_id: number | null }) {
  if (order.payment_id === null) return Promise.resolve(undefined);
  return findPayment(db, order.payment_id);
}

export function findPayment(db: Db, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefund(db: Db, id: number) {
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Succeeded payments that did not pay their order and are not refunded yet: money the late-payment
 * rule could not account for (its refund was refused or is still open), or from before the rule.
 * `withOpenRefunds`: also those whose refund the gateway is processing or has not answered yet.
 */
function unaccountedPayments(db: Db, options: { withOpenRefunds: boolean }) {
  const settled = options.withOpenRefunds
    ? (['succeeded'] as const)
    : (['succeeded', 'processing', 'pending'] as const);
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .where('payments.status', '=', 'succeeded')
    .where((eb) => eb.or([eb('orders.payment_id', 'is', null), eb('orders.payment_id', '<>', eb.ref('payments.id'))]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_refunds')
            .select('payment_refunds.id')
            .whereRef('payment_refunds.payment_id', '=', 'payments.id')
            .where('payment_refunds.status', 'in', [...settled]),
        ),
      ),
    );
}

/** An order's payment that succeeded but is not accounted for and has no refund under way. */
export function findUnaccountedPayment(db: Db, orderId: number) {
  return unaccountedPayments(db, { withOpenRefunds: false })
    .selectAll('payments')
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.id', 'desc')
    .executeTakeFirst();
}

/** The studio's "needs attention" list: newest first, with the buyer and the last refund attempt. */
export function listUnaccountedPayments(db: Db, page: { limit: number; offset: number }) {
  return unaccountedPayments(db, { withOpenRefunds: true })
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('payment_refunds', (join) =>
      join.onRef('payment_refunds.payment_id', '=', 'payments.id').on((eb) =>
        eb(
          'payment_refunds.id',
          '=',
          eb
            .selectFrom('payment_refunds as latest')
            .select((inner) => inner.fn.max('latest.id').as('id'))
            .whereRef('latest.payment_id', '=', 'payments.id'),
        ),
      ),
    )
    .select([
      'payments.id',
      'payments.request_id',
      'payments.gateway',
      'payments.amount',
      'payments.gateway_txn_id',
      'payments.updated_at',
      'orders.code',
      'orders.status as order_status',
      'users.id as user_id',
      'users.full_name',
      'users.phone',
      'payment_refunds.status as refund_status',
      'payment_refunds.message as refund_message',
      'payment_refunds.actor as refund_actor',
    ])
    .orderBy('payments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUnaccountedPayments(db: Db) {
  const row = await unaccountedPayments(db, { withOpenRefunds: true })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims the payment's one live refund; null when another one is pending or done. */
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

/** The refund the gateway accepted for a payment, or the latest for any payment of an order. */
export function findAcceptedRefund(db: Db, by: { paymentId: number } | { orderId: number }) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('paymentId' in by ? 'payment_id' : 'order_id', '=', 'paymentId' in by ? by.paymentId : by.orderId)
    .orderBy('id', 'desc')
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

/** The latest attempt of an order through one method (bank transfers reuse theirs). */
export function findLatestAttempt(db: Db, orderId: number, gateway: PaymentMethod) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('gateway', '=', gateway)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
