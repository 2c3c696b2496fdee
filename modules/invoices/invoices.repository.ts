/** The invoices module's queries (its own tables only). */
import { sql, type Insertable } from 'kysely';
import type { InvoiceKind, InvoiceRow, InvoicesTable, InvoiceState } from './invoices.table.ts';
import type { Db } from '../../kernel/db/index.ts';

export function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findForOrder(db: Db, orderId: number, kind: InvoiceKind): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function listForOrder(db: Db, orderId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function findRequest(db: Db, orderId: number) {
  return db.selectFrom('invoice_requests').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function insertRequest(
  db: Db,
  orderId: number,
  request: { tax_code: string; company_name: string; address: string; email: string | null },
  at: string,
) {
  await db
    .insertInto('invoice_requests')
    .values({ order_id: orderId, ...request, created_at: at })
    .execute();
}

/** Inserts the invoice unless the order already has one of this kind; its id, or null. */
export async function insertPending(
  db: Db,
  values: Omit<
    Insertable<InvoicesTable>,
    | 'id'
    | 'attempts'
    | 'state'
    | 'template'
    | 'series'
    | 'number'
    | 'lookup_code'
    | 'provider_id'
    | 'last_error'
    | 'issued_at'
  >,
): Promise<number | null> {
  const row = await db
    .insertInto('invoices')
    .values({ ...values, state: 'pending', attempts: 0 })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function fillBuyer(
  db: Db,
  id: number,
  buyer: { buyer_name: string | null; buyer_phone: string | null; buyer_email: string | null },
  at: string,
) {
  await db
    .updateTable('invoices')
    .set({ ...buyer, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function markIssued(
  db: Db,
  id: number,
  issued: { template: string; series: string; number: number; lookup_code: string; provider_id: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ ...issued, state: 'issued', issued_at: at, last_error: null, attempts: sql`attempts + 1`, updated_at: at })
    .where('id', '=', id)
    .where('state', '!=', 'issued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markFailed(db: Db, id: number, error: string, at: string) {
  await db
    .updateTable('invoices')
    .set({ state: 'failed', last_error: error.slice(0, 500), attempts: sql`attempts + 1`, updated_at: at })
    .where('id', '=', id)
    .where('state', '!=', 'issued')
    .execute();
}

/** The studio's list: failed first, then pending, then issued; newest first within each. */
export function listInvoices(db: Db, filter: { state?: InvoiceState | undefined; limit: number; offset: number }) {
  let query = db.selectFrom('invoices').selectAll();
  if (filter.state) query = query.where('state', '=', filter.state);
  return query
    .orderBy(sql`case state when 'failed' then 0 when 'pending' then 1 else 2 end`)
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function countInvoices(db: Db, state?: InvoiceState) {
  let query = db.selectFrom('invoices').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (state) query = query.where('state', '=', state);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A failed invoice sent again: pending until the job answers. */
export async function markPending(db: Db, id: number, at: string) {
  await db
    .updateTable('invoices')
    .set({ state: 'pending', updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .execute();
}
