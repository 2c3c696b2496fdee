/** Affiliates, their clicks, commissions and payouts. Every function takes the database first. */
import { sql } from 'kysely';
import type { AffiliateStatus, CommissionStatus } from '../../db/schema.ts';
import { type Db, likePattern } from '../../kernel/db/index.ts';

export function findAffiliate(db: Db, where: { id?: number; userId?: number; code?: string }) {
  let query = db.selectFrom('affiliates').selectAll();
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.code !== undefined) query = query.where('code', '=', where.code);
  return query.executeTakeFirst();
}

export async function insertAffiliate(db: Db, userId: number, code: string, now: string) {
  const row = await db
    .insertInto('affiliates')
    .values({ user_id: userId, code, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function setAffiliateStatus(db: Db, id: number, status: AffiliateStatus, now: string) {
  return db.updateTable('affiliates').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** One click per affiliate, visitor and day: a repeat is ignored. */
export function recordClick(
  db: Db,
  click: { affiliateId: number; visitor: string; day: string; path: string },
  now: string,
) {
  return db
    .insertInto('affiliate_clicks')
    .values({
      affiliate_id: click.affiliateId,
      visitor: click.visitor,
      day: click.day,
      path: click.path,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['affiliate_id', 'visitor', 'day']).doNothing())
    .execute();
}

/** An order's attribution and the lines it was paid for, with each course's own rate. */
export async function orderForCommission(db: Db, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'affiliate_id', 'total', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_items')
    .leftJoin('courses', 'courses.id', 'order_items.course_id')
    .select(['order_items.price', 'order_items.discount', 'courses.affiliate_rate'])
    .where('order_items.order_id', '=', orderId)
    .execute();
  return { order, lines };
}

/** A commission for an order; a second one for the same order is ignored (the unique key). */
export function insertCommission(
  db: Db,
  row: { affiliateId: number; orderId: number; baseAmount: number; amount: number },
  now: string,
) {
  return db
    .insertInto('affiliate_commissions')
    .values({
      affiliate_id: row.affiliateId,
      order_id: row.orderId,
      base_amount: row.baseAmount,
      amount: row.amount,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export function reverseForOrder(db: Db, orderId: number, now: string) {
  return db
    .updateTable('affiliate_commissions')
    .set({ status: 'reversed', reversed_at: now, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '<>', 'reversed')
    .execute();
}

/** Sums per status, and the count of orders that still earn (not reversed). */
export async function commissionTotals(db: Db, affiliateIds: number[]) {
  if (affiliateIds.length === 0) return [];
  return db
    .selectFrom('affiliate_commissions')
    .select(['affiliate_id', 'status'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('affiliate_id', 'in', affiliateIds)
    .groupBy(['affiliate_id', 'status'])
    .execute();
}

export async function clickCounts(db: Db, affiliateIds: number[]) {
  if (affiliateIds.length === 0) return [];
  return db
    .selectFrom('affiliate_clicks')
    .select('affiliate_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('affiliate_id', 'in', affiliateIds)
    .groupBy('affiliate_id')
    .execute();
}

export function clicksSince(db: Db, affiliateId: number, fromDay: string) {
  return db
    .selectFrom('affiliate_clicks')
    .select('day')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('affiliate_id', '=', affiliateId)
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
}

export function commissionsSince(db: Db, affiliateId: number, fromIso: string) {
  return db
    .selectFrom('affiliate_commissions')
    .select(['amount', 'status', 'created_at'])
    .where('affiliate_id', '=', affiliateId)
    .where('created_at', '>=', fromIso)
    .execute();
}

export interface CommissionFilter {
  affiliateId?: number | undefined;
  status?: CommissionStatus | undefined;
}

function filteredCommissions(db: Db, filter: CommissionFilter) {
  let query = db
    .selectFrom('affiliate_commissions')
    .innerJoin('orders', 'orders.id', 'affiliate_commissions.order_id')
    .innerJoin('affiliates', 'affiliates.id', 'affiliate_commissions.affiliate_id')
    .innerJoin('users', 'users.id', 'affiliates.user_id');
  if (filter.affiliateId !== undefined)
    query = query.where('affiliate_commissions.affiliate_id', '=', filter.affiliateId);
  if (filter.status) query = query.where('affiliate_commissions.status', '=', filter.status);
  return query;
}

export async function listCommissions(db: Db, filter: CommissionFilter, page: { limit: number; offset: number }) {
  const rows = await filteredCommissions(db, filter)
    .selectAll('affiliate_commissions')
    .select([
      'orders.code as order_code',
      'orders.created_at as ordered_at',
      'affiliates.code as affiliate_code',
      'users.full_name',
    ])
    .orderBy('affiliate_commissions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filteredCommissions(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The course titles of some orders (what a commission was earned on). */
export async function courseTitles(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, string[]>();
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', 'course_title'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  const titles = new Map<number, string[]>();
  for (const row of rows) titles.set(row.order_id, [...(titles.get(row.order_id) ?? []), row.course_title]);
  return titles;
}

/** pending → approved for the given ids; returns how many moved. */
export async function approveCommissions(db: Db, ids: number[], now: string) {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('affiliate_commissions')
    .set({ status: 'approved', approved_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function approvedOf(db: Db, affiliateId: number) {
  return db
    .selectFrom('affiliate_commissions')
    .select(['id', 'amount'])
    .where('affiliate_id', '=', affiliateId)
    .where('status', '=', 'approved')
    .execute();
}

export async function insertPayout(
  db: Db,
  row: {
    affiliateId: number;
    amount: number;
    count: number;
    reference: string;
    note: string | null;
    actorId: number | null;
  },
  now: string,
) {
  const inserted = await db
    .insertInto('affiliate_payouts')
    .values({
      affiliate_id: row.affiliateId,
      amount: row.amount,
      commission_count: row.count,
      reference: row.reference,
      note: row.note,
      actor_id: row.actorId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function markPaid(db: Db, ids: number[], payoutId: number, now: string) {
  const result = await db
    .updateTable('affiliate_commissions')
    .set({ status: 'paid', payout_id: payoutId, paid_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listPayouts(db: Db, affiliateId: number) {
  return db
    .selectFrom('affiliate_payouts')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .orderBy('id', 'desc')
    .execute();
}

export interface AffiliateFilter {
  /** Keep only these affiliates (the folded search's matches); all when absent. */
  ids?: number[] | undefined;
  status?: AffiliateStatus | undefined;
}

/** Every affiliate's searchable text (code, name, phone, e-mail), for the folded search. */
export function searchableAffiliates(db: Db, status: AffiliateStatus | undefined) {
  let query = db
    .selectFrom('affiliates')
    .innerJoin('users', 'users.id', 'affiliates.user_id')
    .select(['affiliates.id', 'affiliates.code', 'users.full_name', 'users.phone', 'users.email']);
  if (status) query = query.where('affiliates.status', '=', status);
  return query.orderBy('affiliates.id', 'desc').execute();
}

function filteredAffiliates(db: Db, filter: AffiliateFilter) {
  let query = db.selectFrom('affiliates').innerJoin('users', 'users.id', 'affiliates.user_id');
  if (filter.ids) query = query.where('affiliates.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  if (filter.status) query = query.where('affiliates.status', '=', filter.status);
  return query;
}

export async function searchAffiliates(db: Db, filter: AffiliateFilter, page: { limit: number; offset: number }) {
  const rows = await filteredAffiliates(db, filter)
    .selectAll('affiliates')
    .select(['users.full_name', 'users.phone', 'users.email'])
    .orderBy('affiliates.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filteredAffiliates(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function affiliateWithUser(db: Db, id: number) {
  return db
    .selectFrom('affiliates')
    .innerJoin('users', 'users.id', 'affiliates.user_id')
    .selectAll('affiliates')
    .select(['users.full_name', 'users.phone', 'users.email'])
    .where('affiliates.id', '=', id)
    .executeTakeFirst();
}

/** Published courses for the link builder and the studio's rate form (title search, folded or as typed). */
export function searchCourses(db: Db, terms: { q?: string | undefined; raw?: string | undefined }, limit: number) {
  let query = db
    .selectFrom('courses')
    .select(['id', 'slug', 'title', 'price_new', 'affiliate_rate'])
    .where('is_published', '=', 1);
  if (terms.q) {
    const q = terms.q;
    query = query.where(
      sql<boolean>`(lower(title) like ${likePattern(terms.raw ?? q)} escape '\\' or lower(slug) like ${likePattern(q.replace(/\s+/g, '-'))} escape '\\')`,
    );
  }
  return query.orderBy('id', 'desc').limit(limit).execute();
}
