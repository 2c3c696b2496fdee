/**
 * The support desk's queries: support requests (searched folded, both engines) with their notes.
 * Assignees' names come from accounts (support.desk.ts).
 */
import type { SupportRequestsTable } from '../../db/schema.ts';
import { countOf, type Db, foldedMatch } from '../../kernel/db/index.ts';

type Page = { limit: number; offset: number };

export interface SupportFilter {
  q?: string | undefined;
  status?: SupportRequestsTable['status'] | undefined;
  assignee_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

function filteredSupport(db: Db, filter: SupportFilter) {
  let query = db.selectFrom('support_requests');
  if (filter.q)
    query = query.where(
      foldedMatch(
        [
          'support_requests.full_name',
          'support_requests.title',
          'support_requests.content',
          'support_requests.email',
          'support_requests.phone',
        ],
        filter.q,
      ),
    );
  if (filter.status) query = query.where('support_requests.status', '=', filter.status);
  if (filter.assignee_id) query = query.where('support_requests.assignee_id', '=', filter.assignee_id);
  return query;
}

export async function searchSupport(db: Db, filter: SupportFilter, page: Page) {
  const rows = await filteredSupport(db, filter)
    .selectAll('support_requests')
    .orderBy('support_requests.id', filter.sort === 'oldest' ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const n = await countOf(filteredSupport(db, filter).select((eb) => eb.fn.countAll<number>().as('n')));
  return { rows, total: n };
}

export function findSupport(db: Db, id: number) {
  return db
    .selectFrom('support_requests')
    .selectAll('support_requests')
    .where('support_requests.id', '=', id)
    .executeTakeFirst();
}

export function listSupportNotes(db: Db, requestId: number) {
  return db.selectFrom('support_request_notes').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
}

export async function insertSupportNote(
  db: Db,
  note: { requestId: number; authorId: number; authorName: string; kind: 'note' | 'reply'; body: string },
  now: string,
) {
  await db
    .insertInto('support_request_notes')
    .values({
      request_id: note.requestId,
      author_id: note.authorId,
      author_name: note.authorName.slice(0, 200),
      kind: note.kind,
      body: note.body,
      created_at: now,
    })
    .execute();
}

export async function updateSupport(
  db: Db,
  id: number,
  set: { status?: SupportRequestsTable['status']; assignee_id?: number | null },
  now: string,
) {
  await db
    .updateTable('support_requests')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}
