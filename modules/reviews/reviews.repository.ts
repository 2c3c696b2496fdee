/** The write side of course reviews: one per learner and course, with the course's totals kept in step. */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Trx = Transaction<Database>;

/** Takes the course row's lock until the transaction ends, so totals are recomputed one vote at a time. */
export async function lockCourse(trx: Trx, courseId: number): Promise<void> {
  await trx
    .updateTable('courses')
    .set((eb) => ({ rating_count: eb.ref('rating_count') }))
    .where('id', '=', courseId)
    .execute();
}

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

/** Recomputes the course's rating totals from its visible reviews. */
export async function refreshRatingTotals(trx: Trx, courseId: number) {
  const totals = await trx
    .selectFrom('course_reviews')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('rating'), sql<number>`0`).as('sum'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('course_id', '=', courseId)
    .where('is_visible', '=', 1)
    .executeTakeFirstOrThrow();
  const sum = Number(totals.sum);
  const count = Number(totals.count);
  await trx.updateTable('courses').set({ rating_sum: sum, rating_count: count }).where('id', '=', courseId).execute();
  return { sum, count };
}
