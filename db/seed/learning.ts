/**
 * The demo learner's studies: two free courses in progress (one far along, one just started, with a
 * resume point), an expired activation to show "Hết hạn", and a few viewed courses.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { recordCourseView } from '../../modules/catalog/catalog.repository.ts';
import { createEnrolment, recordProgress } from '../../tests/factories/learning.ts';

const DAY = 86_400_000;

async function contentLessonIds(db: Kysely<Database>, courseId: number) {
  const rows = await db
    .selectFrom('lessons')
    .select('id')
    .where('course_id', '=', courseId)
    .where('type', '=', 'content')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function seedLearning(db: Kysely<Database>, learnerId: number): Promise<void> {
  // The first free courses (the last one stays free to enrol in, for "Vào học").
  const free = await db
    .selectFrom('courses')
    .select('id')
    .where('type', '=', 'retail')
    .where('price_new', '=', 0)
    .orderBy('id')
    .limit(2)
    .execute();
  for (const [index, { id: courseId }] of free.entries()) {
    await createEnrolment(db, {
      userId: learnerId,
      courseId,
      startsAt: new Date(Date.now() - (20 - index * 8) * DAY).toISOString(),
    });
    const lessons = await contentLessonIds(db, courseId);
    const done = index === 0 ? 3 : 1;
    await recordProgress(db, {
      userId: learnerId,
      courseId,
      completedLessonIds: lessons.slice(0, done),
      stoppedAt: { lessonId: lessons[done]!, seconds: index === 0 ? 95 : 40 },
    });
  }

  const expired = await db
    .selectFrom('courses')
    .select('id')
    .where('type', '=', 'retail')
    .where('price_new', '>', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await createEnrolment(db, {
    userId: learnerId,
    courseId: expired.id,
    source: 'activation',
    startsAt: new Date(Date.now() - 100 * DAY).toISOString(),
    endsAt: new Date(Date.now() - 10 * DAY).toISOString(),
  });
  const lessons = await contentLessonIds(db, expired.id);
  await recordProgress(db, { userId: learnerId, courseId: expired.id, completedLessonIds: lessons.slice(0, 2) });

  const viewed = await db
    .selectFrom('courses')
    .select('id')
    .where('is_published', '=', 1)
    .orderBy('enrolment_count', 'desc')
    .limit(4)
    .execute();
  for (const [index, { id }] of viewed.entries()) {
    await recordCourseView(db, learnerId, id, new Date(Date.now() - index * 3_600_000).toISOString());
  }
}
