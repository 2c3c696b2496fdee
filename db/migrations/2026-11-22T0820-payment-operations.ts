/**
 * Payment operations: the refunds asked of a gateway. One row per attempt (the reference sent to
 * the gateway, amount, reason, who asked, the gateway's answer raw); at most one attempt per order
 * that is not refused (a partial unique index), so two refunds of one order can never both run.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('payment_refunds'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('request_id', 'varchar(50)', (col) => col.notNull().unique())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'varchar(500)', (col) => col.notNull())
    .addColumn('actor', 'varchar(100)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) =>
      col.notNull().check(sql`status in ('pending', 'processing', 'succeeded', 'refused')`),
    )
    .addColumn('gateway_ref', 'varchar(100)')
    .addColumn('result_code', 'varchar(20)')
    .addColumn('message', 'varchar(500)')
    .addColumn('raw', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_refunds_order_live_key')
    .on('payment_refunds')
    .column('order_id')
    .unique()
    .where(sql<boolean>`status <> 'refused'`)
    .execute();
  await db.schema.createIndex('payment_refunds_payment_idx').on('payment_refunds').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
}
