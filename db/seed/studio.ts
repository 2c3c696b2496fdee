import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createAuditEntry } from '../../tests/factories/studio.ts';

/** The audit log of the demo refund (db/seed/commerce.ts), as if the demo admin had made it. */
export async function seedStudio(db: Kysely<Database>): Promise<void> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'full_name'])
    .where('email', '=', 'quantri@khaitri.vn')
    .executeTakeFirst();
  const refund = await db
    .selectFrom('payment_refunds')
    .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
    .select(['orders.code', 'payment_refunds.amount', 'payment_refunds.reason', 'payment_refunds.created_at'])
    .orderBy('payment_refunds.id')
    .executeTakeFirst();
  if (!admin || !refund) return;
  await createAuditEntry(
    db,
    {
      actorId: admin.id,
      actorName: admin.full_name,
      action: 'order.refund',
      targetType: 'order',
      targetId: refund.code,
      summary: { amount: refund.amount, reason: refund.reason, result: { status: 'refunded', gateway: 'vnpay' } },
    },
    new Date(refund.created_at),
  );
}
