/** Studio desk queries: support requests with their notes, lesson error reports with their lesson. */
import { sql } from 'kysely';
import type { ErrorReviewStatus, SupportRequestsTable } from '../../db/schema.ts';
import { type Db, likePattern } from '../../kernel/db/index.ts';

type Page = { limit: number; offset: number };

async function total(query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The folded search text within the folded columns (`kt_unaccent`, both engines). */
function folded(columns: string[], q: string) {
  const pattern = likePattern(q);
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`kt_unaccent(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export interface SupportFilter {
  q?: string | undefined;
  status?: SupportRequestsTable['status'] | undefined;
  assignee_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

function filteredSupport(db: Db, filter: SupportFilter) {
  let query = db
    .selectFrom('support_requests')
    .leftJoin('users as assignee', 'assignee.id', 'support_requests.assignee_id');
  if (filter.q)
    query = query.where(
      folded(
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
    .select('assignee.full_name as assignee_name')
    .orderBy('support_requests.id', filter.sort === 'oldest' ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const n = await total(filteredSupport(db, filter).select((eb) => eb.fn.countAll<number>().as('n')));
  return { rows, total: n };
}

export function findSupport(db: Db, id: number) {
  return db
    .selectFrom('support_requests')
    .leftJoin('users as assignee', 'assignee.id', 'support_requests.assignee_id')
    .selectAll('support_requests')
    .select('assignee.full_name as assignee_name')
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

/** Staff who can be assigned (editors and admins, active). */
export function listStaff(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'role'])
    .where('role', 'in', ['editor', 'admin'])
    .where('status', '=', 'active')
    .orderBy('full_name')
    .execute();
}

export interface ErrorReportFilter {
  q?: string | undefined;
  review_status?: ErrorReviewStatus | undefined;
  reason?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

function filteredReports(db: Db, filter: ErrorReportFilter) {
  let query = db
    .selectFrom('lesson_error_reports as r')
    .innerJoin('lessons', 'lessons.id', 'r.lesson_id')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .innerJoin('users', 'users.id', 'r.user_id');
  if (filter.q)
    query = query.where(folded(['r.content', 'lessons.title', 'courses.title', 'users.full_name'], filter.q));
  if (filter.review_status) query = query.where('r.review_status', '=', filter.review_status);
  if (filter.reason) query = query.where('r.reason', '=', filter.reason as 'video');
  if (filter.course_id) query = query.where('courses.id', '=', filter.course_id);
  return query;
}

const REPORT_COLUMNS = [
  'r.id',
  'r.lesson_id',
  'r.reason',
  'r.content',
  'r.status',
  'r.review_status',
  'r.review_note',
  'r.reviewed_at',
  'r.created_at',
  'r.updated_at',
  'lessons.title as lesson_title',
  'courses.id as course_id',
  'courses.title as course_title',
  'users.id as user_id',
  'users.full_name as user_name',
] as const;

export async function searchReports(db: Db, filter: ErrorReportFilter, page: Page) {
  const rows = await filteredReports(db, filter)
    .select(REPORT_COLUMNS)
    .orderBy('r.id', filter.sort === 'oldest' ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const n = await total(filteredReports(db, filter).select((eb) => eb.fn.countAll<number>().as('n')));
  return { rows, total: n };
}

export function findReport(db: Db, id: number) {
  return filteredReports(db, { sort: 'newest' }).select(REPORT_COLUMNS).where('r.id', '=', id).executeTakeFirst();
}
