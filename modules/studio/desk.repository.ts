/** Studio desk queries: lesson error reports with their lesson (support requests are support's). */
import type { ErrorReviewStatus } from '../../db/schema.ts';
import { countOf, type Db, foldedMatch } from '../../kernel/db/index.ts';

type Page = { limit: number; offset: number };

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
    query = query.where(foldedMatch(['r.content', 'lessons.title', 'courses.title', 'users.full_name'], filter.q));
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
  const n = await countOf(filteredReports(db, filter).select((eb) => eb.fn.countAll<number>().as('n')));
  return { rows, total: n };
}

export function findReport(db: Db, id: number) {
  return filteredReports(db, { sort: 'newest' }).select(REPORT_COLUMNS).where('r.id', '=', id).executeTakeFirst();
}
