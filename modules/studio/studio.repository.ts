/** Studio queries: orders and users across all learners, and the audit log. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { OrderStatus, PaymentMethod, Role } from '../../db/schema.ts';
import { type Db, likePattern, type SearchTerms } from '../../kernel/db/index.ts';

/** How many rows a filtered query has (for a list's `meta.total`). */
async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number((row as { n: number | string }).n);
}

/**
 * The search of a studio list: the folded text within any of `columns` (codes, e-mails: plain
 * ASCII), within `names` folded on both sides (`kt_unaccent`: "nguyen van" finds "Nguyễn Văn") or
 * as typed, or the phone number.
 */
function matchesSearch(terms: SearchTerms, columns: string[], names: string[]) {
  const q = terms.q ?? '';
  const like = (column: string, text: string) =>
    sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
  const parts = [
    ...columns.map((column) => like(column, q)),
    ...names.flatMap((column) => [
      sql<boolean>`kt_unaccent(${sql.ref(column)}) like ${likePattern(q)} escape '\\'`,
      like(column, terms.raw ?? q),
    ]),
    sql<boolean>`users.phone like ${likePattern(terms.phone ?? q)} escape '\\'`,
  ];
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

export interface OrderFilter extends SearchTerms {
  status?: OrderStatus | undefined;
  method?: PaymentMethod | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: 'newest' | 'oldest' | 'total_desc' | 'total_asc';
}

function filteredOrders(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  if (filter.q) query = query.where(matchesSearch(filter, ['orders.code', 'users.email'], []));
  if (filter.status) query = query.where('orders.status', '=', filter.status);
  if (filter.method) query = query.where('orders.payment_method', '=', filter.method);
  if (filter.from) query = query.where('orders.created_at', '>=', filter.from);
  if (filter.to) query = query.where('orders.created_at', '<', filter.to);
  return query;
}

const ORDER_SORTS = {
  newest: ['orders.id', 'desc'],
  oldest: ['orders.id', 'asc'],
  total_desc: ['orders.total', 'desc'],
  total_asc: ['orders.total', 'asc'],
} as const;

export async function searchOrders(db: Db, filter: OrderFilter, page: { limit: number; offset: number }) {
  const [column, direction] = ORDER_SORTS[filter.sort];
  const rows = await filteredOrders(db, filter)
    .select([
      'orders.id',
      'orders.code',
      'orders.status',
      'orders.payment_method',
      'orders.total',
      'orders.created_at',
      'orders.completed_at',
      'users.id as user_id',
      'users.full_name',
      'users.phone',
      'users.email',
    ])
    .orderBy(column, direction)
    .orderBy('orders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: await countOf(filteredOrders(db, filter)) };
}

export function findOrderWithBuyer(db: Db, code: string) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.full_name', 'users.phone', 'users.email'])
    .where('orders.code', '=', code)
    .executeTakeFirst();
}

export function listPayments(db: Db, orderId: number) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function listNotifications(db: Db, paymentIds: number[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('id')
    .execute();
}

export function listQueryAnswers(db: Db, paymentIds: number[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('payment_queries').selectAll().where('payment_id', 'in', paymentIds).orderBy('id').execute();
}

export function listRefunds(db: Db, orderId: number) {
  return db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export interface UserFilter extends SearchTerms {
  /** A role, or `staff` (teachers, editors, admins). */
  role?: Role | 'staff' | undefined;
}

function filteredUsers(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users');
  if (filter.q) query = query.where(matchesSearch(filter, ['users.email'], ['users.full_name']));
  if (filter.role === 'staff') query = query.where('users.role', 'in', ['teacher', 'editor', 'admin']);
  else if (filter.role) query = query.where('users.role', '=', filter.role);
  return query;
}

export async function searchUsers(db: Db, filter: UserFilter, page: { limit: number; offset: number }) {
  const rows = await filteredUsers(db, filter)
    .select(['id', 'full_name', 'phone', 'email', 'role', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: await countOf(filteredUsers(db, filter)) };
}

export function listEnrolmentsWithCourses(db: Db, userId: number) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select([
      'enrolments.id',
      'enrolments.source',
      'enrolments.starts_at',
      'enrolments.ends_at',
      'enrolments.revoked_at',
      'courses.title',
      'courses.slug',
    ])
    .where('enrolments.user_id', '=', userId)
    .orderBy('enrolments.id', 'desc')
    .execute();
}

export interface NewAuditEntry {
  actorId: number | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: unknown;
  ip: string | null;
}

export async function insertAudit(db: Db, entry: NewAuditEntry, now: string): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      actor_name: entry.actorName.slice(0, 200),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: JSON.stringify(entry.summary ?? {}),
      ip: entry.ip?.slice(0, 64) ?? null,
      created_at: now,
    })
    .execute();
}

export interface AuditFilter {
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  actorId?: number | undefined;
}

function filteredAudit(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  return query;
}

export async function searchAudit(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const rows = await filteredAudit(db, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: await countOf(filteredAudit(db, filter)) };
}
