/** The privacy module's queries (its own tables only). */
import type { Insertable, Updateable } from 'kysely';
import type {
  ConsentPurpose,
  DataRequestKind,
  DataRequestState,
  PrivacyBreachesTable,
  PrivacyRequestsTable,
} from './privacy.table.ts';
import type { Db } from '../../kernel/db/index.ts';

export const OPEN_STATES: DataRequestState[] = ['pending', 'waiting', 'processing'];

// ── Consents ────────────────────────────────────────────────────────────────────────────────────

export function listConsents(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('privacy_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The latest record of each purpose (the current state). */
export async function latestConsents(db: Db, userId: number) {
  const rows = await db
    .selectFrom('privacy_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('privacy_consents')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('user_id', '=', userId)
        .groupBy('purpose'),
    )
    .execute();
  return new Map(rows.map((row) => [row.purpose, row]));
}

export async function insertConsent(
  db: Db,
  row: {
    user_id: number;
    purpose: ConsentPurpose;
    granted: number;
    policy_version: string;
    source: 'learner' | 'parent';
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('privacy_consents').values(row).execute();
}

/** Users among these who withdrew (or never gave) a purpose: their latest record is not a grant. */
export async function usersWithConsent(db: Db, userIds: number[], purpose: ConsentPurpose): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('privacy_consents')
    .select(['user_id', 'granted'])
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('privacy_consents')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('user_id', 'in', userIds)
        .where('purpose', '=', purpose)
        .groupBy('user_id'),
    )
    .execute();
  return new Set(rows.filter((row) => Number(row.granted) === 1).map((row) => row.user_id));
}

// ── Parents' consents ───────────────────────────────────────────────────────────────────────────

export function latestParentalConsent(db: Db, userId: number) {
  return db
    .selectFrom('privacy_parental_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertParentalConsent(db: Db, userId: number, phone: string, now: string): Promise<void> {
  await db
    .insertInto('privacy_parental_consents')
    .values({ user_id: userId, parent_phone: phone, created_at: now })
    .execute();
}

export async function confirmParentalConsent(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('privacy_parental_consents')
    .set({ confirmed_at: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function withdrawParentalConsents(db: Db, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('privacy_parental_consents')
    .set({ withdrawn_at: now })
    .where('user_id', '=', userId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

export function findRequest(db: Db, id: number) {
  return db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOwnRequest(db: Db, userId: number, id: number) {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listRequestsOf(db: Db, userId: number) {
  return db.selectFrom('privacy_requests').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function latestRequest(db: Db, userId: number, kind: DataRequestKind) {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function openRequest(db: Db, userId: number, kind: DataRequestKind) {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('state', 'in', OPEN_STATES)
    .executeTakeFirst();
}

export async function insertRequest(db: Db, row: Insertable<PrivacyRequestsTable>): Promise<number> {
  const inserted = await db.insertInto('privacy_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Moves a request on only from one of the states given: false when another run got there first. */
export async function moveRequest(
  db: Db,
  id: number,
  from: DataRequestState[],
  patch: Updateable<PrivacyRequestsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('privacy_requests')
    .set(patch)
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function dueDeletions(db: Db, now: string, limit: number) {
  return db
    .selectFrom('privacy_requests')
    .select(['id'])
    .where('kind', '=', 'deletion')
    .where('state', '=', 'waiting')
    .where('scheduled_for', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function completedExports(db: Db, userId: number) {
  return db
    .selectFrom('privacy_requests')
    .select(['id', 'json_key', 'html_key'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'export')
    .where('json_key', 'is not', null)
    .execute();
}

export async function forgetExportFiles(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('privacy_requests')
    .set({ json_key: null, html_key: null, updated_at: now })
    .where('id', 'in', ids)
    .execute();
}

export function listRequests(
  db: Db,
  filter: { kind?: DataRequestKind | undefined; state?: DataRequestState | undefined },
  page: number,
  limit: number,
) {
  let query = db.selectFrom('privacy_requests');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.state) query = query.where('state', '=', filter.state);
  return Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]).then(([rows, count]) => ({ rows, total: Number(count.n) }));
}

export async function countOverdue(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('privacy_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', [...OPEN_STATES, 'failed'])
    .where('due_at', '<', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── Breaches ────────────────────────────────────────────────────────────────────────────────────

export async function insertBreach(db: Db, row: Insertable<PrivacyBreachesTable>): Promise<number> {
  const inserted = await db.insertInto('privacy_breaches').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findBreach(db: Db, id: number) {
  return db.selectFrom('privacy_breaches').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listBreaches(db: Db, limit: number) {
  return db
    .selectFrom('privacy_breaches')
    .selectAll()
    .orderBy('detected_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateBreach(
  db: Db,
  id: number,
  from: PrivacyBreachesTable['state'][],
  patch: Updateable<PrivacyBreachesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('privacy_breaches')
    .set(patch)
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
