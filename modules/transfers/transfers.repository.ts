/** Queries on bank_credits, the transfers module's own table. */
import type { Db } from '../../kernel/db/index.ts';
import type { BankCreditState } from './transfers.table.ts';

export interface NewCredit {
  transactionId: string;
  amount: number;
  note: string;
  account: string | null;
  sender: string | null;
  payload: string;
  bookedAt: string;
  now: string;
}

/** The credit's id, or null when this bank transaction was recorded before (a replay). */
export async function insertCredit(db: Db, credit: NewCredit): Promise<number | null> {
  const row = await db
    .insertInto('bank_credits')
    .values({
      transaction_id: credit.transactionId,
      amount: credit.amount,
      note: credit.note,
      account: credit.account,
      sender: credit.sender,
      payload: credit.payload,
      booked_at: credit.bookedAt,
      created_at: credit.now,
      updated_at: credit.now,
    })
    .onConflict((conflict) => conflict.column('transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function findCredit(db: Db, by: { id?: number; transactionId?: string }) {
  let query = db.selectFrom('bank_credits').selectAll();
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.transactionId !== undefined) query = query.where('transaction_id', '=', by.transactionId);
  return query.executeTakeFirst();
}

export function updateCredit(
  db: Db,
  id: number,
  set: {
    state?: BankCreditState;
    excess?: number;
    order_id?: number;
    order_code?: string;
    payment_id?: number;
    matched_by?: string;
  },
  now: string,
) {
  return db
    .updateTable('bank_credits')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The credits counted towards a payment attempt, oldest first. */
export function listForPayment(db: Db, paymentId: number) {
  return db.selectFrom('bank_credits').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
}

/** What the bank credited for an order so far, in đồng. */
export async function sumForOrder(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('bank_credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The studio's list: credits that need a person (or all), newest first. */
export function listCredits(db: Db, states: BankCreditState[] | null, page: { limit: number; offset: number }) {
  let query = db.selectFrom('bank_credits').selectAll();
  if (states) query = query.where('state', 'in', states);
  return query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countCredits(db: Db, states: BankCreditState[] | null): Promise<number> {
  let query = db.selectFrom('bank_credits').select((eb) => eb.fn.countAll<number>().as('n'));
  if (states) query = query.where('state', 'in', states);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
