/**
 * E-invoices (issue 22, decision 0021; modules/invoices): one original invoice per paid order and at
 * most one adjustment (a refund), the company details a buyer asked for at checkout, the numbering
 * of each template + series, and the simulator's register of what it issued. No foreign keys to
 * orders or users: invoices are kept for the legal retention period whatever happens to the account.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('invoices'))
    .addColumn('order_id', 'integer', (col) => col.notNull())
    .addColumn('order_code', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'varchar(12)', (col) => col.notNull().check(sql`kind in ('original', 'adjustment')`))
    .addColumn('original_id', 'integer')
    .addColumn('state', 'varchar(10)', (col) => col.notNull().check(sql`state in ('pending', 'issued', 'failed')`))
    .addColumn('template', 'varchar(11)')
    .addColumn('series', 'varchar(8)')
    .addColumn('number', 'integer')
    .addColumn('lookup_code', 'varchar(40)')
    .addColumn('provider_id', 'varchar(100)')
    .addColumn('amount_before_vat', 'integer', (col) => col.notNull())
    .addColumn('vat_rate', 'integer', (col) => col.notNull())
    .addColumn('vat', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('buyer_kind', 'varchar(10)', (col) => col.notNull().check(sql`buyer_kind in ('personal', 'company')`))
    .addColumn('buyer_name', 'varchar(300)')
    .addColumn('buyer_phone', 'varchar(20)')
    .addColumn('buyer_tax_code', 'varchar(14)')
    .addColumn('buyer_address', 'varchar(400)')
    .addColumn('buyer_email', 'varchar(200)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('issued_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('invoices_order_kind', ['order_id', 'kind'])
    .addUniqueConstraint('invoices_number', ['template', 'series', 'number'])
    .execute();
  await db.schema.createIndex('invoices_user_order_idx').on('invoices').columns(['user_id', 'order_code']).execute();
  await db.schema.createIndex('invoices_state_idx').on('invoices').columns(['state', 'created_at']).execute();

  await db.schema
    .createTable('invoice_requests')
    .addColumn('order_id', 'integer', (col) => col.primaryKey())
    .addColumn('tax_code', 'varchar(14)', (col) => col.notNull())
    .addColumn('company_name', 'varchar(300)', (col) => col.notNull())
    .addColumn('address', 'varchar(400)', (col) => col.notNull())
    .addColumn('email', 'varchar(200)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invoice_sequences')
    .addColumn('template', 'varchar(11)', (col) => col.notNull())
    .addColumn('series', 'varchar(8)', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('invoice_sequences_pkey', ['template', 'series'])
    .execute();

  await db.schema
    .createTable('invoice_simulator_issues')
    .addColumn('request_key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('template', 'varchar(11)', (col) => col.notNull())
    .addColumn('series', 'varchar(8)', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('lookup_code', 'varchar(40)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoice_simulator_issues', 'invoice_sequences', 'invoice_requests', 'invoices'])
    await db.schema.dropTable(table).execute();
}
