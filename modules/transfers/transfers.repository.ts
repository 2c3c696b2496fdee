/** Queries on bank_credits and bank_statement_runs, the transfers module's own tables. */
import type { Db } from '../../kernel/db/index.ts';
import type { BankCreditSource, BankCreditState, StatementRunKind } from './transfers.table.ts';

export interface NewCredit {
  transactionId: string;
  amount: number;
  note: string;
  account: string | null;
  sender: string | null;
  payload: string;
  bookedAt: string;
  source: BankCreditSource;
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
      source: credit.source,
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

/** Which of these bank transaction ids are recorded already. */
export async function knownTransactionIds(db: Db, ids: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('bank_credits')
      .select('transaction_id')
      .where('transaction_id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) known.add(row.transaction_id);
  }
  return known;
}

export async function insertRun(
  db: Db,
  run: {
    kind: StatementRunKind;
    from: string;
    to: string;
    fileName: string | null;
    startedBy: string | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('bank_statement_runs')
    .values({
      kind: run.kind,
      window_from: run.from,
      window_to: run.to,
      file_name: run.fileName,
      started_by: run.startedBy,
      created_at: run.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function finishRun(
  db: Db,
  id: number,
  counts: { listed: number; recorded: number; known: number; unmatched: number; error: string | null },
  now: string,
) {
  return db
    .updateTable('bank_statement_runs')
    .set({ ...counts, finished_at: now })
    .where('id', '=', id)
    .execute();
}

export function findRun(db: Db, id: number) {
  return db.selectFrom('bank_statement_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest reconciliation runs, newest first. */
export function listRuns(db: Db, limit: number) {
  return db.selectFrom('bank_statement_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
