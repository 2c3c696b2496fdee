/**
 * The late-payment rule (decision 0007). `orders.payment_id` names the attempt that paid an order,
 * so any other attempt the gateway confirms (a second payment, one after the order was closed) is
 * known to be money still to be accounted for. Refunds become one live refund per payment (was:
 * per order), so an order completed by one attempt can have another attempt refunded.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_id', 'integer').execute();
  // Orders paid before: the last attempt that succeeded paid them.
  await sql`
    update orders set payment_id = (
      select max(payments.id) from payments where payments.order_id = orders.id and payments.status = 'succeeded'
    ) where status in ('paid', 'completed', 'refunded')
  `.execute(db);
  await db.schema.dropIndex('payment_refunds_order_live_key').execute();
  await db.schema
    .createIndex('payment_refunds_payment_live_key')
    .on('payment_refunds')
    .column('payment_id')
    .unique()
    .where(sql<boolean>`status <> 'refused'`)
    .execute();
  await db.schema.createIndex('payments_status_idx').on('payments').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_status_idx').execute();
  await db.schema.dropIndex('payment_refunds_payment_live_key').execute();
  await db.schema
    .createIndex('payment_refunds_order_live_key')
    .on('payment_refunds')
    .column('order_id')
    .unique()
    .where(sql<boolean>`status <> 'refused'`)
    .execute();
  await db.schema.alterTable('orders').dropColumn('payment_id').execute();
}
