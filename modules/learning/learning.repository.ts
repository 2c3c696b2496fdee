/** The learning log (lesson_progress) and each learner's standing per course (course_progress). */
import { sql } from 'kysely';
import type { Db } from '../../kernel/db/index.ts';

export interface LogWrite {
  userId: number;
  lessonId: number;
  courseId: number;
  position: number;
  watched: number;
  clientMs: number;
  completedAt: string | null;
  now: string;
}

/** A larger-wins merge of one column on conflict (same SQL on SQLite and PostgreSQL). */
const keepMax = (column: 'position_seconds' | 'watched_seconds' | 'resume_client_ms') =>
  sql<number>`case when excluded.${sql.ref(column)} > lesson_progress.${sql.ref(column)} then excluded.${sql.ref(column)} else lesson_progress.${sql.ref(column)} end`;

/**
 * One learning-log write, idempotent and order-proof: the furthest position and the most watched
 * seconds win, the resume point follows the write with the latest client time, and a completion
 * time, once set, stays.
 */
export async function upsertLessonProgress(db: Db, write: LogWrite) {
  return db
    .insertInto('lesson_progress')
    .values({
      user_id: write.userId,
      lesson_id: write.lessonId,
      course_id: write.courseId,
      position_seconds: write.position,
      resume_seconds: write.position,
      watched_seconds: write.watched,
      resume_client_ms: write.clientMs,
      completed_at: write.completedAt,
      created_at: write.now,
      updated_at: write.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet({
        position_seconds: keepMax('position_seconds'),
        watched_seconds: keepMax('watched_seconds'),
        resume_seconds: sql<number>`case when excluded.resume_client_ms >= lesson_progress.resume_client_ms then excluded.resume_seconds else lesson_progress.resume_seconds end`,
        resume_client_ms: keepMax('resume_client_ms'),
        completed_at: sql`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: write.now,
      }),
    )
    .returning(['position_seconds', 'resume_seconds', 'watched_seconds', 'completed_at'])
    .executeTakeFirstOrThrow();
}

/** Marks a lesson completed (once; the first completion time stays). */
export async function markLessonCompleted(db: Db, userId: number, lessonId: number, courseId: number, now: string) {
  await db
    .insertInto('lesson_progress')
    .values({
      user_id: userId,
      lesson_id: lessonId,
      course_id: courseId,
      completed_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet({
        completed_at: sql`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: now,
      }),
    )
    .execute();
}

export function findLessonProgress(db: Db, userId: number, lessonId: number) {
  return db
    .selectFrom('lesson_progress')
    .select(['position_seconds', 'resume_seconds', 'watched_seconds', 'completed_at'])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

/** The lessons of a course this learner has completed. */
export async function listCompletedLessonIds(db: Db, userId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lesson_progress')
    .select('lesson_id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('completed_at', 'is not', null)
    .execute();
  return rows.map((row) => row.lesson_id);
}

/** Completed content lessons and all content lessons of a course, for one learner. */
export async function countCourseLessons(db: Db, userId: number, courseId: number) {
  const row = await db
    .selectFrom('lessons')
    .leftJoin('lesson_progress', (join) =>
      join
        .onRef('lesson_progress.lesson_id', '=', 'lessons.id')
        .on('lesson_progress.user_id', '=', userId)
        .on('lesson_progress.completed_at', 'is not', null),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('lesson_progress.lesson_id').as('completed'),
    ])
    .where('lessons.course_id', '=', courseId)
    .where('lessons.type', '=', 'content')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), completed: Number(row.completed) };
}

export interface StandingWrite {
  userId: number;
  courseId: number;
  lastLessonId: number;
  completed: number;
  total: number;
  percent: number;
  now: string;
}

/**
 * The course standing after a write. Counts computed by concurrent writers may land out of order:
 * a count never replaces a larger one (completions are never undone), so the last write cannot
 * move the percentage back.
 */
export async function upsertCourseProgress(db: Db, write: StandingWrite) {
  const newer = sql`excluded.completed_lessons >= course_progress.completed_lessons`;
  await db
    .insertInto('course_progress')
    .values({
      user_id: write.userId,
      course_id: write.courseId,
      last_lesson_id: write.lastLessonId,
      completed_lessons: write.completed,
      total_lessons: write.total,
      percent: write.percent,
      last_seen_at: write.now,
      created_at: write.now,
      updated_at: write.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'course_id']).doUpdateSet({
        last_lesson_id: write.lastLessonId,
        completed_lessons: sql<number>`case when ${newer} then excluded.completed_lessons else course_progress.completed_lessons end`,
        total_lessons: sql<number>`case when ${newer} then excluded.total_lessons else course_progress.total_lessons end`,
        percent: sql<number>`case when ${newer} then excluded.percent else course_progress.percent end`,
        last_seen_at: write.now,
        updated_at: write.now,
      }),
    )
    .execute();
}

/** A write that changed no completion: only the last lesson and the time move. False when there is no standing yet. */
export async function touchCourseProgress(db: Db, userId: number, courseId: number, lessonId: number, now: string) {
  const result = await db
    .updateTable('course_progress')
    .set({ last_lesson_id: lessonId, last_seen_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the completion time once; true only for the one caller that set it. */
export async function claimCourseCompletion(db: Db, userId: number, courseId: number, now: string) {
  const result = await db
    .updateTable('course_progress')
    .set({ completed_at: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('completed_at', 'is', null)
    .where('percent', '=', 100)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findCourseProgress(db: Db, userId: number, courseId: number) {
  return db
    .selectFrom('course_progress')
    .select(['last_lesson_id', 'completed_lessons', 'total_lessons', 'percent', 'completed_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** Every course a learner is enrolled in (revoked enrolments aside), with its standing and last lesson. */
export function listEnrolledCourses(db: Db, userId: number) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .leftJoin('course_progress', (join) =>
      join.onRef('course_progress.course_id', '=', 'courses.id').on('course_progress.user_id', '=', userId),
    )
    .leftJoin('lessons as last_lesson', 'last_lesson.id', 'course_progress.last_lesson_id')
    .select([
      'courses.id',
      'courses.slug',
      'courses.title',
      'courses.thumbnail',
      'courses.lesson_count',
      'enrolments.source',
      'enrolments.starts_at',
      'enrolments.ends_at',
      'course_progress.completed_lessons',
      'course_progress.total_lessons',
      'course_progress.percent',
      'course_progress.completed_at',
      'course_progress.last_seen_at',
      'last_lesson.id as last_lesson_id',
      'last_lesson.title as last_lesson_title',
    ])
    .where('enrolments.user_id', '=', userId)
    .where('enrolments.revoked_at', 'is', null)
    .where('courses.is_published', '=', 1)
    .orderBy('enrolments.id', 'desc')
    .execute();
}

/** What a lesson shows once access is granted. */
export function findLessonContent(db: Db, lessonId: number) {
  return db
    .selectFrom('lessons')
    .select(['id', 'duration_seconds', 'video_url', 'content', 'document_url'])
    .where('id', '=', lessonId)
    .executeTakeFirst();
}
