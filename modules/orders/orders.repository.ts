/** Orders, their lines and payment attempts (with the raw gateway callbacks). */
import type { CourseType, OrderStatus, PaymentMethod } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export interface NewOrderInput {
  code: string;
  userId: number;
  paymentMethod: PaymentMethod;
  subtotal: number;
  discount: number;
  total: number;
  promotionId: number | null;
  promotionCode: string | null;
  expiresAt: string;
  now: string;
  items: {
    course_id: number;
    pod_id: number;
    course_title: string;
    course_slug: string;
    course_type: CourseType;
    cycle: number;
    price: number;
    discount: number;
  }[];
}

export async function insertOrder(db: Db, input: NewOrderInput): Promise<number> {
  const { id } = await db
    .insertInto('orders')
    .values({
      code: input.code,
      user_id: input.userId,
      status: 'pending',
      payment_method: input.paymentMethod,
      subtotal: input.subtotal,
      discount: input.discount,
      total: input.total,
      promotion_id: input.promotionId,
      promotion_code: input.promotionCode,
      expires_at: input.expiresAt,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(input.items.map((item) => ({ ...item, order_id: id })))
    .execute();
  return id;
}

/** The affiliate an order is attributed to (the affiliates' hook at checkout, through ./index.ts). */
export function attributeToAffiliate(db: Db, orderId: number, affiliateId: number) {
  return db.updateTable('orders').set({ affiliate_id: affiliateId }).where('id', '=', orderId).execute();
}

export function findOrder(db: Db, by: { id?: number; code?: string; userId?: number }) {
  let query = db.selectFrom('orders').selectAll();
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.code !== undefined) query = query.where('code', '=', by.code);
  if (by.userId !== undefined) query = query.where('user_id', '=', by.userId);
  return query.executeTakeFirst();
}

export function listItems(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export function listOrders(db: Db, userId: number, page: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function countOrders(db: Db, userId: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves an order from one of `from` to `to`; false when another request moved it first. */
export async function transition(
  db: Db,
  orderId: number,
  from: OrderStatus[],
  to: OrderStatus,
  extra: {
    paid_at?: string;
    completed_at?: string;
    closed_at?: string;
    failure_reason?: string;
    payment_method?: PaymentMethod;
    payment_id?: number;
  },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listOverdueIds(db: Db, now: string, limit = 500) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('expires_at', '<', now)
    .orderBy('id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}
