/**
 * The write side of course reviews (the only writer of `course_reviews`): one per learner and course.
 * The course's rating totals are the catalog's, told through its face (./index.ts of catalog).
 */
import { sql, type Transaction } from 'kysely';
import type { Database, NewCourseReview } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import { addCourseRating } from '../catalog/index.ts';

type Trx = Transaction<Database>;

export function findReview(db: Pick<Trx, 'selectFrom'>, userId: number, courseId: number) {
  return db
    .selectFrom('course_reviews')
    .select(['id', 'rating', 'comment', 'is_visible', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function upsertReview(
  trx: Trx,
  review: { courseId: number; userId: number; authorName: string; rating: number; comment: string | null; now: string },
) {
  await trx
    .insertInto('course_reviews')
    .values({
      course_id: review.courseId,
      user_id: review.userId,
      author_name: review.authorName,
      rating: review.rating,
      comment: review.comment,
      is_visible: 1,
      created_at: review.now,
      updated_at: review.now,
    })
    .onConflict((oc) =>
      oc.columns(['course_id', 'user_id']).doUpdateSet({
        author_name: review.authorName,
        rating: review.rating,
        comment: review.comment,
        updated_at: review.now,
      }),
    )
    .execute();
}

/** The course's rating totals from its visible reviews. */
export async function ratingTotals(trx: Trx, courseId: number) {
  const totals = await trx
    .selectFrom('course_reviews')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('rating'), sql<number>`0`).as('sum'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('course_id', '=', courseId)
    .where('is_visible', '=', 1)
    .executeTakeFirstOrThrow();
  return { sum: Number(totals.sum), count: Number(totals.count) };
}

/** Adds a review (seed, tests) and, when it is visible, its rating to the course's totals (the catalog's). */
export async function insertReview(db: Db, review: NewCourseReview) {
  const row = await db.insertInto('course_reviews').values(review).returning('id').executeTakeFirstOrThrow();
  if (review.is_visible !== 0) await addCourseRating(db, review.course_id, review.rating);
  return row;
}
