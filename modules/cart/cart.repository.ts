/** Carts (a learner's, or an anonymous one keyed by a cookie token) and their lines. */
import type { Db } from '../../kernel/db/index.ts';

export function findCart(db: Db, by: { userId?: number; token?: string }) {
  let query = db.selectFrom('carts').select(['id', 'user_id', 'token']);
  if (by.userId !== undefined) query = query.where('user_id', '=', by.userId);
  else if (by.token !== undefined) query = query.where('token', '=', by.token).where('user_id', 'is', null);
  else return Promise.resolve(undefined);
  return query.executeTakeFirst();
}

export async function insertCart(db: Db, owner: { userId?: number; token?: string }, now: string) {
  const row = await db
    .insertInto('carts')
    .values({ user_id: owner.userId ?? null, token: owner.token ?? null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function listItems(db: Db, cartId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'course_id', 'pod_id', 'created_at'])
    .where('cart_id', '=', cartId)
    .orderBy('id')
    .execute();
}

export async function upsertItem(db: Db, cartId: number, courseId: number, podId: number, now: string) {
  const updated = await db
    .updateTable('cart_items')
    .set({ pod_id: podId, updated_at: now })
    .where('cart_id', '=', cartId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  // The same course added twice at once: one line, with the package of the later write.
  await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, course_id: courseId, pod_id: podId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['cart_id', 'course_id']).doUpdateSet({ pod_id: podId, updated_at: now }))
    .execute();
}

export function deleteItems(db: Db, cartId: number, by: { podIds?: number[]; courseIds?: number[] }) {
  let query = db.deleteFrom('cart_items').where('cart_id', '=', cartId);
  if (by.podIds) query = query.where('pod_id', 'in', by.podIds.length > 0 ? by.podIds : [-1]);
  if (by.courseIds) query = query.where('course_id', 'in', by.courseIds.length > 0 ? by.courseIds : [-1]);
  return query.execute();
}

export function deleteCart(db: Db, cartId: number) {
  return db.deleteFrom('carts').where('id', '=', cartId).execute();
}
