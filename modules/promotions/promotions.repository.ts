/** Promotions, the categories or courses they apply to, and their uses. */
import { sql, type Updateable } from 'kysely';
import type { NewPromotion, PromotionRow, PromotionsTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function findByCode(db: Db, code: string) {
  return db.selectFrom('promotions').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listPublic(db: Db, now: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('is_public', '=', 1)
    .where('is_active', '=', 1)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('starts_at', 'desc')
    .execute();
}

/**
 * The promotions among `ids` that can be used now, public or not (a campaign shows them).
 * Exported through ./index.ts.
 */
export function listLivePromotions(db: Db, ids: number[], now: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('id', 'in', ids)
    .where('is_active', '=', 1)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('quantity', 'is', null), eb('used', '<', eb.ref('quantity'))]))
    .execute();
}

export function listTargets(db: Db, promotionId: number) {
  return db
    .selectFrom('promotion_targets')
    .select(['kind', 'target_id'])
    .where('promotion_id', '=', promotionId)
    .orderBy('target_id')
    .execute();
}

export async function countUserUses(db: Db, promotionId: number, userId: number) {
  const row = await db
    .selectFrom('promotion_usages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes one use if any is left: one conditional UPDATE, safe under concurrency on both engines. */
export async function takeUse(db: Db, promotionId: number): Promise<boolean> {
  const result = await db
    .updateTable('promotions')
    .set({ used: sql`used + 1` })
    .where('id', '=', promotionId)
    .where((eb) => eb.or([eb('quantity', 'is', null), eb('used', '<', eb.ref('quantity'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertUsage(
  db: Db,
  usage: { promotionId: number; userId: number; orderId: number; discount: number; now: string },
) {
  return db
    .insertInto('promotion_usages')
    .values({
      promotion_id: usage.promotionId,
      user_id: usage.userId,
      order_id: usage.orderId,
      discount: usage.discount,
      created_at: usage.now,
    })
    .execute();
}

/** Gives back the use an order held (cancelled, expired, failed). */
export async function releaseUsage(db: Db, orderId: number): Promise<void> {
  const usage = await db
    .deleteFrom('promotion_usages')
    .where('order_id', '=', orderId)
    .returning('promotion_id')
    .executeTakeFirst();
  if (!usage) return;
  await db
    .updateTable('promotions')
    .set({ used: sql`used - 1` })
    .where('id', '=', usage.promotion_id)
    .where('used', '>', 0)
    .execute();
}

/**
 * Takes back the use a closed order gave back, when a late payment completes it after all: the
 * learner paid the discounted price, so the order keeps it. The usage row always comes back (the
 * per-learner limit counts it); the counter too, unless the last use went to someone else
 * meanwhile (it never passes the quantity).
 */
export async function restoreUsage(db: Db, orderId: number, now: string): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select(['promotion_id', 'user_id', 'discount'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.promotion_id === null) return;
  const held = await db.selectFrom('promotion_usages').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (held) return;
  await insertUsage(db, {
    promotionId: order.promotion_id,
    userId: order.user_id,
    orderId,
    discount: order.discount,
    now,
  });
  await takeUse(db, order.promotion_id);
}

export async function insertPromotion(
  db: Db,
  promotion: NewPromotion,
  targets: { kind: 'category' | 'course'; target_id: number }[] = [],
) {
  const { id } = await db.insertInto('promotions').values(promotion).returning('id').executeTakeFirstOrThrow();
  if (targets.length > 0) {
    await db
      .insertInto('promotion_targets')
      .values(targets.map((target) => ({ ...target, promotion_id: id })))
      .execute();
  }
  return { id };
}

// ── The studio's queries (promotions.admin.ts) ──

/** Every promotion, newest first (they are few: the studio filters and folds them in memory). */
export function listAll(db: Db, type: PromotionRow['type'] | undefined) {
  let select = db.selectFrom('promotions').selectAll().orderBy('id', 'desc');
  if (type) select = select.where('type', '=', type);
  return select.execute();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Saves a promotion's columns and replaces its targets. */
export async function updatePromotion(
  db: Db,
  id: number,
  promotion: Updateable<PromotionsTable>,
  targets: { kind: 'category' | 'course'; target_id: number }[],
) {
  await db.updateTable('promotions').set(promotion).where('id', '=', id).execute();
  await db.deleteFrom('promotion_targets').where('promotion_id', '=', id).execute();
  if (targets.length > 0)
    await db
      .insertInto('promotion_targets')
      .values(targets.map((target) => ({ ...target, promotion_id: id })))
      .execute();
}

/** One page of a promotion's uses, newest first, with the order each discounted. */
export function listUsages(db: Db, promotionId: number, page: { page: number; limit: number }) {
  return db
    .selectFrom('promotion_usages')
    .innerJoin('orders', 'orders.id', 'promotion_usages.order_id')
    .select([
      'promotion_usages.id',
      'promotion_usages.user_id',
      'promotion_usages.discount',
      'promotion_usages.created_at',
      'orders.code as order_code',
      'orders.status as order_status',
    ])
    .where('promotion_usages.promotion_id', '=', promotionId)
    .orderBy('promotion_usages.id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
}

export async function countUsages(db: Db, promotionId: number) {
  const row = await db
    .selectFrom('promotion_usages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
