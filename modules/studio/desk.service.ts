/**
 * The studio desk: lesson error reports (new, confirmed, fixed, rejected), reviewed through the
 * discussion module. Every change is audited. Support requests are support's (support.desk.ts).
 */
import type { Kysely } from 'kysely';
import type { Database, ErrorReviewStatus } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import * as repo from './desk.repository.ts';
import { REASON_LABELS, REVIEW_STATUS_LABELS } from './people-labels.ts';
import type { Actor, Page } from './studio.service.ts';

const offsetOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

export interface ReportQuery extends Page {
  q?: string | undefined;
  review_status?: ErrorReviewStatus | undefined;
  reason?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

export type StudioDeskService = ReturnType<typeof createStudioDeskService>;

export function createStudioDeskService(deps: {
  db: Kysely<Database>;
  /** The discussion module's studio operation (its `discussion.admin.ts`): the review writes its error reports. */
  discussion: {
    reviewErrorReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ): Promise<void>;
  };
}) {
  const { db } = deps;

  type ReportRow = NonNullable<Awaited<ReturnType<typeof repo.findReport>>>;
  function toReportItem(row: ReportRow) {
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_title: row.lesson_title,
      course_id: row.course_id,
      course_title: row.course_title,
      editor_url: `/studio/khoa-hoc/${row.course_id}#bai-${row.lesson_id}`,
      user_id: row.user_id,
      user_name: row.user_name,
      reason: row.reason,
      reason_label: REASON_LABELS[row.reason] ?? row.reason,
      content: row.content,
      status: row.status,
      review_status: row.review_status,
      review_status_label: REVIEW_STATUS_LABELS[row.review_status],
      review_note: row.review_note,
      reviewed_at: isoOrNull(row.reviewed_at),
      created_at: iso(row.created_at),
    };
  }

  async function listReports(query: ReportQuery) {
    const { rows, total } = await repo.searchReports(
      db,
      { ...query, q: foldVietnamese(query.q) || undefined },
      offsetOf(query),
    );
    return { items: rows.map(toReportItem), total };
  }

  return {
    listReports,
    async reportsCsv(query: Omit<ReportQuery, 'page' | 'limit'>) {
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

    async reportDetail(id: number) {
      const row = await repo.findReport(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy báo lỗi.');
      return toReportItem(row);
    },

    /** A review state with an optional note (the discussion module's rule and write), answered as the desk's item. */
    async reviewReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ) {
      await deps.discussion.reviewErrorReport(actor, id, input);
      return toReportItem((await repo.findReport(db, id))!);
    },
  };
}
