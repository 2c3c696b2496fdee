/**
 * Demo data for the affiliate programme: the classmate (0987654321) is an affiliate (code KHOA2026)
 * whose links brought a few buyers — commissions pending, approved, paid (with its payout) and one
 * reversed by a refund — and clicks over the last two weeks.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import * as repo from '../../modules/affiliates/affiliates.repository.ts';
import { createAffiliate, createClick, createCommission } from '../../tests/factories/affiliates.ts';

const DAY = 86_400_000;

export async function seedAffiliates(db: Kysely<Database>, defaultRate = 10): Promise<void> {
  const classmate = await db.selectFrom('users').select('id').where('phone', '=', '84987654321').executeTakeFirst();
  if (!classmate || (await repo.findAffiliate(db, { userId: classmate.id }))) return;
  const joined = new Date(Date.now() - 20 * DAY).toISOString();
  const affiliate = await createAffiliate(db, classmate.id, 'KHOA2026', joined);

  const paidOrders = (status: 'completed' | 'refunded', limit: number) =>
    db
      .selectFrom('orders')
      .select(['id', 'total', 'status', 'completed_at'])
      .where('user_id', '<>', classmate.id)
      .where('status', '=', status)
      .where('total', '>', 0)
      .orderBy('id')
      .limit(limit)
      .execute();
  const completed = await paidOrders('completed', 4);
  const [refunded] = await paidOrders('refunded', 1);
  const plan = [
    ...completed.map((order, index) => ({
      order,
      status: (['paid', 'approved', 'pending', 'pending'] as const)[index]!,
    })),
    ...(refunded ? [{ order: refunded, status: 'reversed' as const }] : []),
  ];
  let paidIds: number[] = [];
  let paidAmount = 0;
  for (const { order, status } of plan) {
    const amount = Math.floor((order.total * defaultRate) / 100);
    const at = order.completed_at ? new Date(order.completed_at).toISOString() : joined;
    const id = await createCommission(db, {
      affiliateId: affiliate.id,
      orderId: order.id,
      baseAmount: order.total,
      amount,
      status,
      at,
    });
    if (status === 'paid') {
      paidIds = [...paidIds, id];
      paidAmount += amount;
    }
  }
  if (paidIds.length > 0) {
    const at = new Date(Date.now() - 2 * DAY).toISOString();
    // The paid commission goes back to approved for a moment so the payout marks it paid as the studio does.
    await db.updateTable('affiliate_commissions').set({ status: 'approved' }).where('id', 'in', paidIds).execute();
    const payoutId = await repo.insertPayout(
      db,
      {
        affiliateId: affiliate.id,
        amount: paidAmount,
        count: paidIds.length,
        reference: 'CK-DEMO-0001',
        note: 'Chuyển khoản demo',
        actorId: null,
      },
      at,
    );
    await repo.markPaid(db, paidIds, payoutId, at);
  }
  for (let daysAgo = 13; daysAgo >= 0; daysAgo -= 1) {
    const day = new Date(Date.now() + 7 * 3_600_000 - daysAgo * DAY).toISOString().slice(0, 10);
    for (let visitor = 0; visitor < (daysAgo * 7) % 5; visitor += 1)
      await createClick(db, affiliate.id, `demo-${visitor}`, day);
  }
}
