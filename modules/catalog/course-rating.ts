/**
 * A course's rating totals (`courses.rating_sum`, `rating_count`): the catalog writes them, the
 * reviews module (which owns the reviews) tells it what they are; and the published course a
 * review is of. Exported through ./index.ts.
 */
import type { Db } from '../../kernel/db/index.ts';

/** The published course `courseId` (id, slug, title), or undefined when unknown or hidden. */
export function findRatableCourse(db: Db, courseId: number) {
  return db
    .selectFrom('courses')
    .select(['id', 'slug', 'title'])
    .where('id', '=', courseId)
    .where('is_published', '=', 1)
    .executeTakeFirst();
}

/** Takes the course row's lock until the transaction ends, so its totals change one vote at a time. */
export async function lockCourseRating(db: Db, courseId: number): Promise<void> {
  await db
    .updateTable('courses')
    .set((eb) => ({ rating_count: eb.ref('rating_count') }))
    .where('id', '=', courseId)
    .execute();
}

/** Sets the course's totals (recomputed by the reviews module from its visible reviews). */
export async function setCourseRating(db: Db, courseId: number, totals: { sum: number; count: number }) {
  await db
    .updateTable('courses')
    .set({ rating_sum: totals.sum, rating_count: totals.count })
    .where('id', '=', courseId)
    .execute();
}

/** Adds one visible rating to the course's totals (a review written outside a vote: seed, tests). */
export async function addCourseRating(db: Db, courseId: number, rating: number): Promise<void> {
  await db
    .updateTable('courses')
    .set((eb) => ({ rating_sum: eb('rating_sum', '+', rating), rating_count: eb('rating_count', '+', 1) }))
    .where('id', '=', courseId)
    .execute();
}
