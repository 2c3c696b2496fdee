/**
 * The studio desk's lesson error reports (new, confirmed, fixed, rejected): the list with folded
 * search and filters, the CSV, the detail and the review (`discussion.admin.ts`, audited). The
 * lessons, their courses and the learners' names come from their owners (`DiscussionLookups`).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ErrorReviewStatus } from '../../db/schema.ts';
import type { LessonErrorReportsTable } from './discussion.table.ts';
import { countOf, foldedMatch, iso, isoOrNull } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { REASON_LABELS, REVIEW_STATUS_LABELS } from './discussion.labels.ts';
import type { DiscussionLookups } from './discussion.lookups.ts';

export interface ReportQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  review_status?: ErrorReviewStatus | undefined;
  reason?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

type ReportFilter = Omit<ReportQuery, 'page' | 'limit'>;

const REPORT_COLUMNS = [
  'r.id',
  'r.lesson_id',
  'r.user_id',
  'r.reason',
  'r.content',
  'r.status',
  'r.review_status',
  'r.review_note',
  'r.reviewed_at',
  'r.created_at',
] as const;

type ReportRow = Omit<Selectable<LessonErrorReportsTable>, 'reviewed_by' | 'updated_at'>;

export type ErrorReportsAdmin<Actor> = ReturnType<typeof createErrorReportsAdmin<Actor>>;

export function createErrorReportsAdmin<Actor>(deps: {
  db: Kysely<Database>;
  lookups: DiscussionLookups;
  /** The review's rule and write (`discussion.admin.ts`). */
  discussion: {
    reviewErrorReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ): Promise<void>;
  };
}) {
  const { db, lookups } = deps;

  /** `q` (folded) within the report, its lesson's or course's title or the learner's name. */
  function filtered(filter: ReportFilter) {
    let query = db.selectFrom('lesson_error_reports as r');
    const q = filter.q;
    if (q)
      query = query.where((eb) =>
        eb.or([
          foldedMatch(['r.content'], q),
          lookups.lessonIn('r.lesson_id', { text: q }),
          lookups.userNamed('r.user_id', q),
        ]),
      );
    if (filter.review_status) query = query.where('r.review_status', '=', filter.review_status);
    if (filter.reason) query = query.where('r.reason', '=', filter.reason as 'video');
    if (filter.course_id) query = query.where(lookups.lessonIn('r.lesson_id', { courseId: filter.course_id }));
    return query;
  }

  async function toItems(rows: ReportRow[]) {
    const [lessons, names] = await Promise.all([
      lookups.lessonsOf(rows.map((r) => r.lesson_id)),
      lookups.namesOf(rows.map((r) => r.user_id)),
    ]);
    const lessonOf = new Map(lessons.map((l) => [l.id, l]));
    const nameOf = new Map(names.map((u) => [u.id, u.full_name]));
    return rows.flatMap((row) => {
      const lesson = lessonOf.get(row.lesson_id);
      const userName = nameOf.get(row.user_id);
      if (!lesson || userName === undefined) return [];
      return [
        {
          id: row.id,
          lesson_id: row.lesson_id,
          lesson_title: lesson.title,
          course_id: lesson.course_id,
          course_title: lesson.course_title,
          editor_url: `/studio/khoa-hoc/${lesson.course_id}#bai-${row.lesson_id}`,
          user_id: row.user_id,
          user_name: userName,
          reason: row.reason,
          reason_label: REASON_LABELS[row.reason] ?? row.reason,
          content: row.content,
          status: row.status,
          review_status: row.review_status,
          review_status_label: REVIEW_STATUS_LABELS[row.review_status],
          review_note: row.review_note,
          reviewed_at: isoOrNull(row.reviewed_at),
          created_at: iso(row.created_at),
        },
      ];
    });
  }

  async function listReports(query: ReportQuery) {
    const filter = { ...query, q: foldVietnamese(query.q) || undefined };
    const rows = await filtered(filter)
      .select(REPORT_COLUMNS)
      .orderBy('r.id', filter.sort === 'oldest' ? 'asc' : 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const total = await countOf(filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')));
    return { items: await toItems(rows), total };
  }

  async function reportDetail(id: number) {
    const rows = await db
      .selectFrom('lesson_error_reports as r')
      .select(REPORT_COLUMNS)
      .where('r.id', '=', id)
      .execute();
    const [item] = await toItems(rows);
    if (!item) throw new AppError('NOT_FOUND', 'Không tìm thấy báo lỗi.');
    return item;
  }

  return {
    listReports,
    async reportsCsv(query: ReportFilter) {
      const { items } = await listReports({ ...query, page: 1, limit: 10_000 });
      return toCsv(
        ['id', 'review_status', 'reason', 'course', 'lesson', 'learner', 'content', 'created_at'],
        items.map((r) => [
          r.id,
          r.review_status,
          r.reason,
          r.course_title,
          r.lesson_title,
          r.user_name,
          r.content,
          r.created_at,
        ]),
      );
    },
    reportDetail,

    /** A review state with an optional note (the discussion module's rule and write), answered as the desk's item. */
    async reviewReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ) {
      await deps.discussion.reviewErrorReport(actor, id, input);
      return reportDetail(id);
    },
  };
}
