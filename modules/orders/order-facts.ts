/** What other modules may read of an order through the composition root (the invoices: amounts and lines). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './orders.repository.ts';

export interface OrderFacts {
  id: number;
  code: string;
  userId: number;
  total: number;
  /** Each line's amount paid (price less its discount), VND. */
  lines: { name: string; amount: number }[];
}

export async function readOrderFacts(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
): Promise<OrderFacts | null> {
  const order = await repo.findOrder(db, { id: orderId });
  if (!order) return null;
  const items = await repo.listItems(db, [order.id]);
  return {
    id: order.id,
    code: order.code,
    userId: order.user_id,
    total: order.total,
    lines: items.map((item) => ({ name: item.course_title, amount: Math.max(0, item.price - item.discount) })),
  };
}
