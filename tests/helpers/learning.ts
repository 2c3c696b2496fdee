/** The demo learner's seeded study data, for tests that run on the demo seed. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The course the demo learner bought, with its content lessons in order (the first and the exam). */
export async function findDemoStudy(db: Kysely<Database>) {
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  const lessons = await db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .innerJoin('lessons', 'lessons.course_id', 'courses.id')
    .select(['courses.id as course_id', 'courses.slug', 'lessons.id', 'lessons.content_type'])
    .where('enrolments.user_id', '=', learner.id)
    .where('enrolments.source', '=', 'order')
    .where('lessons.type', '=', 'content')
    .orderBy('lessons.position')
    .execute();
  const first = lessons[0]!;
  return {
    learnerId: learner.id,
    courseId: first.course_id,
    slug: first.slug,
    firstLessonId: first.id,
    examLessonId: lessons.find((lesson) => lesson.content_type === 'exam')!.id,
  };
}
