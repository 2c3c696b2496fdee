/**
 * Reviews (`course/vote.json`): 1–5 stars and a comment, only by learners enrolled in the course
 * (now or before), one per learner and course (posting again edits it). The course's rating totals
 * are recomputed in the same transaction, under the course row's lock, so concurrent votes agree;
 * the totals and the lock are the catalog's (through its face), the reviews this module's alone.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { averageRating } from '../catalog/course-mapping.ts';
import type { CourseService } from '../catalog/course.service.ts';
import { findRatableCourse, lockCourseRating, setCourseRating } from '../catalog/index.ts';
import type { LessonAccessService } from '../learning/lesson-access.ts';
import * as repo from './reviews.repository.ts';

export const NOT_ENROLLED_REVIEW = 'Chỉ học viên đã đăng ký khóa học mới có thể đánh giá.';

export type ReviewsService = ReturnType<typeof createReviewsService>;

export function createReviewsService({
  db,
  lessonAccess,
  course,
}: {
  db: Kysely<Database>;
  lessonAccess: LessonAccessService;
  course: CourseService;
}) {
  async function findCourse(courseId: number) {
    const row = await findRatableCourse(db, courseId);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.');
    return row;
  }

  async function canReview(userId: number, courseId: number) {
    return (await lessonAccess.standing(userId, courseId)).state !== 'none';
  }

  function view(row: NonNullable<Awaited<ReturnType<typeof repo.findReview>>>) {
    return {
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      created_at: readDate(row.created_at).toISOString(),
      updated_at: readDate(row.updated_at).toISOString(),
    };
  }

  return {
    /** My review of a course (null when none) and whether I may post one. */
    async mine(userId: number, courseId: number) {
      await findCourse(courseId);
      const row = await repo.findReview(db, userId, courseId);
      return { can_review: await canReview(userId, courseId), review: row ? view(row) : null };
    },

    async vote(
      viewer: { id: number; fullName: string },
      input: { course_id: number; rating: number; comment?: string | null },
    ) {
      await findCourse(input.course_id);
      if (!(await canReview(viewer.id, input.course_id))) throw new AppError('FORBIDDEN', NOT_ENROLLED_REVIEW);
      const comment = input.comment ? input.comment : null;
      const result = await db.transaction().execute(async (trx) => {
        await lockCourseRating(trx, input.course_id);
        const existed = Boolean(await repo.findReview(trx, viewer.id, input.course_id));
        await repo.upsertReview(trx, {
          courseId: input.course_id,
          userId: viewer.id,
          authorName: viewer.fullName,
          rating: input.rating,
          comment,
          now: nowIso(),
        });
        const totals = await repo.ratingTotals(trx, input.course_id);
        await setCourseRating(trx, input.course_id, totals);
        const row = await repo.findReview(trx, viewer.id, input.course_id);
        return { existed, totals, row: row! };
      });
      course.invalidate();
      return {
        course_id: input.course_id,
        updated: result.existed,
        review: view(result.row),
        rating_avg: averageRating(result.totals.sum, result.totals.count),
        rating_count: result.totals.count,
      };
    },
  };
}
