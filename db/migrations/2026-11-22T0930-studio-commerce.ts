/**
 * Studio commerce: the raw answers of gateway queries (QueryDR), one row per query of a payment
 * attempt, kept for the order page next to the gateway's notifications.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('payment_queries'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('gateway', 'varchar(30)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('result_code', 'varchar(60)')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_queries_payment_idx').on('payment_queries').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_queries').execute();
}
