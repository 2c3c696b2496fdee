/** Partnership request queries (the table `partnership_requests`). */
import { sql, type Insertable } from 'kysely';
import type { PartnershipKind, PartnershipRequestsTable, PartnershipStatus } from '../../db/schema.ts';
import { type Db, likePattern } from '../../kernel/db/index.ts';

export interface PartnershipFilter {
  /** Folded search text (lib/text/fold.ts). */
  q?: string | undefined;
  /** Digits of a phone number in its stored form, when the search reads as one. */
  phone?: string | undefined;
  status?: PartnershipStatus | undefined;
  kind?: PartnershipKind | undefined;
  sort: 'newest' | 'oldest' | 'learners_desc';
}

export async function insertRequest(db: Db, values: Insertable<PartnershipRequestsTable>): Promise<number> {
  const row = await db.insertInto('partnership_requests').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function filtered(db: Db, filter: PartnershipFilter) {
  let query = db.selectFrom('partnership_requests');
  if (filter.q) {
    const q = filter.q;
    const phone = filter.phone;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`search_text`, 'like', sql<string>`${likePattern(q)} escape '\\'`),
        ...(phone ? [eb('phone', 'like', sql<string>`${likePattern(phone)} escape '\\'`)] : []),
      ]),
    );
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return query;
}

export async function searchRequests(db: Db, filter: PartnershipFilter, page: { limit: number; offset: number }) {
  let query = filtered(db, filter).selectAll();
  if (filter.sort === 'oldest') query = query.orderBy('id', 'asc');
  else if (filter.sort === 'learners_desc')
    query = query.orderBy(sql`coalesce(learners, 0)`, 'desc').orderBy('id', 'desc');
  else query = query.orderBy('id', 'desc');
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function findRequest(db: Db, id: number) {
  return db.selectFrom('partnership_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateRequest(
  db: Db,
  id: number,
  changes: { status?: PartnershipStatus; notes?: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('partnership_requests')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** How many requests each state holds (the studio's filter counts). */
export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('partnership_requests')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
