/**
 * Commerce: carts (per user, or per anonymous cookie token) and their lines; promotions with their
 * scope targets and usages; orders, their lines and payment attempts with the raw gateway
 * callbacks; enrolments (source, start, end: null = unlimited); activation codes and redemptions.
 */
import { sql, type Expression, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

function sqlIn(column: string, values: string[]): Expression<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

const ORDER_STATUSES = ['pending', 'paid', 'completed', 'cancelled', 'expired', 'failed', 'refunded'];
const PAYMENT_METHODS = ['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'carrier', 'free'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await addIdColumn(db, db.schema.createTable('carts'))
    .addColumn('user_id', 'integer', (col) => col.unique().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (col) => col.unique())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('cart_items'))
    .addColumn('cart_id', 'integer', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('pod_id', 'integer', (col) => col.notNull().references('course_pods.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('cart_items_cart_course_key', ['cart_id', 'course_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('promotions'))
    .addColumn('code', 'varchar(50)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('type', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('type', ['same_price', 'fixed_price', 'percentage'])),
    )
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('max_discount', 'integer')
    .addColumn('min_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quantity', 'integer')
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('per_user', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('customer_type', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('all_user')
        .check(sqlIn('customer_type', ['all_user', 'user_sub', 'user_active', 'user_inactive'])),
    )
    .addColumn('scope', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('all')
        .check(sqlIn('scope', ['all', 'categories', 'courses'])),
    )
    .addColumn('starts_at', ts, (col) => col.notNull())
    .addColumn('ends_at', ts)
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('promotions_used_range', sql`used >= 0 and (quantity is null or used <= quantity)`)
    .execute();

  await db.schema
    .createTable('promotion_targets')
    .addColumn('promotion_id', 'integer', (col) => col.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(sqlIn('kind', ['category', 'course'])))
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('promotion_targets_pkey', ['promotion_id', 'kind', 'target_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('orders'))
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull().check(sqlIn('status', ORDER_STATUSES)))
    .addColumn('payment_method', 'varchar(30)', (col) => col.notNull().check(sqlIn('payment_method', PAYMENT_METHODS)))
    .addColumn('subtotal', 'integer', (col) => col.notNull())
    .addColumn('discount', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('promotion_id', 'integer', (col) => col.references('promotions.id').onDelete('set null'))
    .addColumn('promotion_code', 'varchar(50)')
    .addColumn('failure_reason', 'varchar(500)')
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('paid_at', ts)
    .addColumn('completed_at', ts)
    .addColumn('closed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('orders_amounts', sql`subtotal >= 0 and discount >= 0 and total >= 0`)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'expires_at']).execute();

  await addIdColumn(db, db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id'))
    .addColumn('pod_id', 'integer', (col) => col.references('course_pods.id').onDelete('set null'))
    .addColumn('course_title', 'varchar(300)', (col) => col.notNull())
    .addColumn('course_slug', 'varchar(200)', (col) => col.notNull())
    .addColumn('course_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('cycle', 'integer', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('discount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').columns(['order_id']).execute();

  await addIdColumn(db, db.schema.createTable('promotion_usages'))
    .addColumn('promotion_id', 'integer', (col) => col.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('discount', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_usages_user_idx')
    .on('promotion_usages')
    .columns(['promotion_id', 'user_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('gateway', 'varchar(30)', (col) => col.notNull().check(sqlIn('gateway', PAYMENT_METHODS)))
    .addColumn('request_id', 'varchar(50)', (col) => col.notNull().unique())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sqlIn('status', ['pending', 'succeeded', 'failed'])),
    )
    .addColumn('gateway_txn_id', 'varchar(100)')
    .addColumn('result_code', 'varchar(20)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id']).execute();

  await addIdColumn(db, db.schema.createTable('payment_notifications'))
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id').onDelete('set null'))
    .addColumn('gateway', 'varchar(30)', (col) => col.notNull())
    .addColumn('channel', 'varchar(20)', (col) => col.notNull().check(sqlIn('channel', ['ipn', 'return', 'app'])))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('signature_valid', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'varchar(50)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('activation_codes'))
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('batch', 'varchar(100)', (col) => col.notNull())
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('pod_id', 'integer', (col) => col.references('course_pods.id').onDelete('set null'))
    .addColumn('max_uses', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('access_days', 'integer')
    .addColumn('starts_at', ts, (col) => col.notNull())
    .addColumn('ends_at', ts)
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('activation_codes_used_range', sql`used >= 0 and used <= max_uses`)
    .execute();

  await addIdColumn(db, db.schema.createTable('enrolments'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('source', 'varchar(20)', (col) =>
      col.notNull().check(sqlIn('source', ['order', 'activation', 'free', 'subscription'])),
    )
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('activation_code_id', 'integer', (col) => col.references('activation_codes.id').onDelete('set null'))
    .addColumn('starts_at', ts, (col) => col.notNull())
    .addColumn('ends_at', ts)
    .addColumn('revoked_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('enrolments_order_course_key', ['order_id', 'course_id'])
    .execute();
  await db.schema.createIndex('enrolments_user_idx').on('enrolments').columns(['user_id', 'course_id']).execute();

  await addIdColumn(db, db.schema.createTable('activation_redemptions'))
    .addColumn('code_id', 'integer', (col) => col.notNull().references('activation_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('activation_redemptions_code_user_key', ['code_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'activation_redemptions',
    'enrolments',
    'activation_codes',
    'payment_notifications',
    'payments',
    'promotion_usages',
    'order_items',
    'orders',
    'promotion_targets',
    'promotions',
    'cart_items',
    'carts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
