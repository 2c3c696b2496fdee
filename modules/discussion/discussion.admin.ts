/**
 * The studio's operations on the discussion's tables: the review of a lesson error report (new,
 * confirmed, fixed, rejected, with an optional note); the learner-facing `status` follows it.
 * Audited through the studio's log (passed in); the actor is the studio's, whose viewer reviews.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, ErrorReportStatus, ErrorReviewStatus } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './discussion.repository.ts';

export const ERROR_REPORT_NOT_FOUND = 'Không tìm thấy báo lỗi.';

/** The learner-facing state that follows the review (the learning API shows `status`). */
const LEARNER_STATUS: Record<ErrorReviewStatus, ErrorReportStatus> = {
  new: 'pending',
  confirmed: 'processing',
  fixed: 'complete',
  rejected: 'complete',
};

/** The studio's actor as this module reads it: who reviews. */
interface StaffActor {
  viewer: { id: number };
}

export type DiscussionAdmin<Actor extends StaffActor> = ReturnType<typeof createDiscussionAdmin<Actor>>;

export function createDiscussionAdmin<Actor extends StaffActor>(deps: {
  db: Kysely<Database>;
  /** The studio's audit log. */
  audit: AuditLog<Actor>;
}) {
  const { db, audit } = deps;
  return {
    /** A review state with an optional note (none keeps the previous note). */
    async reviewErrorReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ) {
      const row = await repo.findErrorReport(db, id);
      if (!row) throw new AppError('NOT_FOUND', ERROR_REPORT_NOT_FOUND);
      await repo.reviewErrorReport(db, id, {
        review_status: input.review_status,
        review_note: input.note ? input.note : row.review_note,
        reviewed_by: actor.viewer.id,
        status: LEARNER_STATUS[input.review_status],
        now: nowIso(),
      });
      await audit(
        actor,
        'error_report.review',
        { type: 'lesson_error_report', id },
        { review_status: { from: row.review_status, to: input.review_status }, note: input.note ?? null },
      );
    },
  };
}
