/**
 * Bank transfers by VietQR (issue 22, decision 0018): the credits a bank notifies, one row per bank
 * transaction id (the unique key makes replayed and racing notifications count once), with the
 * order and payment attempt matching gave them.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('bank_credits'))
    .addColumn('transaction_id', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('note', 'varchar(500)', (col) => col.notNull())
    .addColumn('account', 'varchar(40)')
    .addColumn('sender', 'varchar(200)')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('booked_at', ts, (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('order_code', 'varchar(20)')
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id'))
    .addColumn('state', 'varchar(20)', (col) => col.notNull().defaultTo('received'))
    .addColumn('excess', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('matched_by', 'varchar(200)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bank_credits_order_idx').on('bank_credits').column('order_id').execute();
  await db.schema.createIndex('bank_credits_state_idx').on('bank_credits').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_credits').execute();
}
