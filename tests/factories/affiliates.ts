/** Factories for affiliates, their clicks and commissions, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { CommissionStatus, Database } from '../../db/schema.ts';
import * as repo from '../../modules/affiliates/affiliates.repository.ts';
import { attributeToAffiliate } from '../../modules/orders/index.ts';

let sequence = 0;

export async function createAffiliate(db: Kysely<Database>, userId: number, code?: string, at = nowIso()) {
  sequence += 1;
  const chosen =
    code ?? `CTV${String(sequence).padStart(3, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const id = await repo.insertAffiliate(db, userId, chosen, at);
  return { id, code: chosen };
}

/** A commission on an existing order (attributed to the affiliate), in any state. */
export async function createCommission(
  db: Kysely<Database>,
  input: {
    affiliateId: number;
    orderId: number;
    baseAmount: number;
    amount: number;
    status: CommissionStatus;
    at?: string;
  },
) {
  const at = input.at ?? nowIso();
  await attributeToAffiliate(db, input.orderId, input.affiliateId);
  await repo.insertCommission(db, input, at);
  const row = await db
    .selectFrom('affiliate_commissions')
    .select('id')
    .where('order_id', '=', input.orderId)
    .executeTakeFirstOrThrow();
  if (input.status !== 'pending') {
    await db
      .updateTable('affiliate_commissions')
      .set({
        status: input.status,
        approved_at: input.status === 'reversed' ? null : at,
        paid_at: input.status === 'paid' ? at : null,
        reversed_at: input.status === 'reversed' ? at : null,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return row.id;
}

export async function createClick(db: Kysely<Database>, affiliateId: number, visitor: string, day: string) {
  await repo.recordClick(db, { affiliateId, visitor, day, path: '/' }, `${day}T03:00:00.000Z`);
}
