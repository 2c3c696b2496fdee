/**
 * The payments module's own rows: payment attempts (one per gateway request) and the gateways'
 * notifications as received. The order lifecycle claims an attempt only through the functions the
 * payments module hands it (decision 0016: one writer per table).
 */
import type { PaymentMethod } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export async function insertPayment(
  db: Db,
  payment: { orderId: number; gateway: PaymentMethod; requestId: string; amount: number; now: string },
) {
  const { id } = await db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      gateway: payment.gateway,
      request_id: payment.requestId,
      amount: payment.amount,
      created_at: payment.now,
      updated_at: payment.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function countPayments(db: Db, orderId: number) {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPaymentByRequestId(db: Db, requestId: string) {
  return db.selectFrom('payments').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function settlePayment(
  db: Db,
  paymentId: number,
  status: 'succeeded' | 'failed',
  result: { resultCode: string; transactionId: string | null },
  now: string,
  from: ('pending' | 'failed')[] = ['pending'],
): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set({ status, result_code: result.resultCode, gateway_txn_id: result.transactionId, updated_at: now })
    .where('id', '=', paymentId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export function insertNotification(
  db: Db,
  row: {
    paymentId: number | null;
    gateway: string;
    channel: 'ipn' | 'return' | 'app';
    payload: string;
    valid: boolean;
    outcome: string;
    now: string;
  },
) {
  return db
    .insertInto('payment_notifications')
    .values({
      payment_id: row.paymentId,
      gateway: row.gateway,
      channel: row.channel,
      payload: row.payload,
      signature_valid: row.valid ? 1 : 0,
      outcome: row.outcome,
      created_at: row.now,
    })
    .execute();
}
