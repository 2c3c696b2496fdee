/**
 * Carrier billing (charge to the phone account): an SMS code per package, the learner's
 * subscriptions, every charge attempt (its reference is the idempotency key, and a renewal's
 * reference names the period and the attempt, so a renewal is charged at most once per attempt and
 * period even when two jobs run at once), and every inbound SMS as received (one per message id).
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

const inList = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema.alterTable('course_pods').addColumn('sms_code', 'varchar(20)').execute();
  await db.schema.createIndex('course_pods_sms_code_key').on('course_pods').column('sms_code').unique().execute();

  await addIdColumn(db, db.schema.createTable('subscriptions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pod_id', 'integer', (col) => col.notNull().references('course_pods.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('msisdn', 'varchar(20)', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('cycle', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) =>
      col.notNull().check(inList('status', ['pending', 'active', 'cancelled', 'suspended', 'failed'])),
    )
    .addColumn('current_period_start', ts)
    .addColumn('current_period_end', ts)
    .addColumn('next_charge_at', ts)
    .addColumn('retry_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_reminder_at', ts)
    .addColumn('cancelled_at', ts)
    .addColumn('suspended_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('subscriptions_user_pod_key', ['user_id', 'pod_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_due_idx')
    .on('subscriptions')
    .columns(['status', 'next_charge_at'])
    .execute();

  await addIdColumn(db, db.schema.createTable('carrier_charges'))
    .addColumn('reference', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(inList('kind', ['subscribe', 'renewal'])))
    .addColumn('subscription_id', 'integer', (col) => col.references('subscriptions.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('msisdn', 'varchar(20)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(30)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(inList('status', ['pending', 'success', 'insufficient_balance', 'timeout', 'error'])),
    )
    .addColumn('operator_txn_id', 'varchar(100)')
    .addColumn('detail', 'varchar(500)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('carrier_charges_subscription_idx')
    .on('carrier_charges')
    .column('subscription_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('carrier_sms_inbound'))
    .addColumn('message_id', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('msisdn', 'varchar(30)', (col) => col.notNull())
    .addColumn('text', 'varchar(1000)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('outcome', 'varchar(50)', (col) => col.notNull().defaultTo('received'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carrier_sms_inbound').execute();
  await db.schema.dropTable('carrier_charges').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropIndex('course_pods_sms_code_key').execute();
  await db.schema.alterTable('course_pods').dropColumn('sms_code').execute();
}
