/** What "Gợi ý cho bạn" reads: the subjects and categories of courses, and courses near them. */
import type { Db } from '../../kernel/db/index.ts';

/** Published courses with their category and popularity (ids given). */
export function listCourseFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('courses')
    .select(['id', 'category_id', 'enrolment_count'])
    .where('id', 'in', ids)
    .where('is_published', '=', 1)
    .execute();
}

/** The subjects of each course (ids given), as pairs. */
export function listCourseSubjectPairs(db: Db, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_subjects')
    .select(['course_id', 'subject_id'])
    .where('course_id', 'in', courseIds)
    .execute();
}

/**
 * Published courses in any of the subjects or categories given, most popular first: the
 * candidates of a learner's recommendations.
 */
export function listNearbyCourses(db: Db, near: { subjectIds: number[]; categoryIds: number[] }, limit: number) {
  const { subjectIds, categoryIds } = near;
  if (subjectIds.length === 0 && categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('courses')
    .select(['courses.id', 'courses.category_id', 'courses.enrolment_count'])
    .where('courses.is_published', '=', 1)
    .where((eb) =>
      eb.or([
        ...(categoryIds.length > 0 ? [eb('courses.category_id', 'in', categoryIds)] : []),
        ...(subjectIds.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom('course_subjects')
                  .select('course_subjects.course_id')
                  .whereRef('course_subjects.course_id', '=', 'courses.id')
                  .where('course_subjects.subject_id', 'in', subjectIds),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('courses.enrolment_count', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(limit)
    .execute();
}
