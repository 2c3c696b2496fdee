/**
 * Affiliates (issue 8 §1): learners who joined the programme (one referral code each), the clicks
 * on their links (at most one per visitor per day, a unique key), the commissions their referred
 * orders earn (one per order, a unique key: a replayed IPN can never double it), the payouts that
 * settled approved commissions, and two columns: the affiliate an order was attributed to at
 * checkout, and a course's own commission rate (percent; the default from the environment when null).
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('affiliates'))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'suspended')`),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('affiliate_clicks'))
    .addColumn('affiliate_id', 'integer', (col) => col.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('path', 'varchar(300)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('affiliate_clicks_visitor_day_key')
    .on('affiliate_clicks')
    .columns(['affiliate_id', 'visitor', 'day'])
    .unique()
    .execute();

  await addIdColumn(db, db.schema.createTable('affiliate_payouts'))
    .addColumn('affiliate_id', 'integer', (col) => col.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('commission_count', 'integer', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('affiliate_commissions'))
    .addColumn('affiliate_id', 'integer', (col) => col.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('base_amount', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'varchar(20)', (col) =>
      col.notNull().check(sql`status in ('pending', 'approved', 'paid', 'reversed')`),
    )
    .addColumn('payout_id', 'integer', (col) => col.references('affiliate_payouts.id').onDelete('set null'))
    .addColumn('approved_at', ts)
    .addColumn('paid_at', ts)
    .addColumn('reversed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('affiliate_commissions_affiliate_idx')
    .on('affiliate_commissions')
    .columns(['affiliate_id', 'status'])
    .execute();

  // Plain integers (no foreign key) so the columns can be dropped again on SQLite.
  await db.schema.alterTable('orders').addColumn('affiliate_id', 'integer').execute();
  await db.schema.createIndex('orders_affiliate_idx').on('orders').column('affiliate_id').execute();
  await db.schema.alterTable('courses').addColumn('affiliate_rate', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').dropColumn('affiliate_rate').execute();
  await db.schema.dropIndex('orders_affiliate_idx').execute();
  await db.schema.alterTable('orders').dropColumn('affiliate_id').execute();
  await db.schema.dropTable('affiliate_commissions').execute();
  await db.schema.dropTable('affiliate_payouts').execute();
  await db.schema.dropTable('affiliate_clicks').execute();
  await db.schema.dropTable('affiliates').execute();
}
