/**
 * Learning progress: one row per learner and lesson (the learning log: furthest position, watched
 * seconds, completion) and one per learner and course (last lesson, completed count, percentage,
 * completion time). Later learning tables (notes, discussion, quizzes, certificates, video assets)
 * have their own migrations.
 */
import { sql, type Kysely } from 'kysely';
import { timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    /** The furthest playback position reached, in seconds (never moves backwards). */
    .addColumn('position_seconds', 'integer', (col) => col.notNull().defaultTo(0).check(sql`position_seconds >= 0`))
    /** The last position the learner was at, in seconds (resume point). */
    .addColumn('resume_seconds', 'integer', (col) => col.notNull().defaultTo(0).check(sql`resume_seconds >= 0`))
    /** Seconds actually watched (max of the reports received). */
    .addColumn('watched_seconds', 'integer', (col) => col.notNull().defaultTo(0).check(sql`watched_seconds >= 0`))
    .addColumn('completed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pkey', ['user_id', 'lesson_id'])
    .execute();
  await db.schema
    .createIndex('lesson_progress_course_idx')
    .on('lesson_progress')
    .columns(['user_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('course_progress')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('last_lesson_id', 'integer', (col) => col.references('lessons.id').onDelete('set null'))
    .addColumn('completed_lessons', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_lessons', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (col) => col.notNull().defaultTo(0).check(sql`percent between 0 and 100`))
    .addColumn('completed_at', ts)
    .addColumn('last_seen_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('course_progress_pkey', ['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_progress').execute();
  await db.schema.dropIndex('lesson_progress_course_idx').execute();
  await db.schema.dropTable('lesson_progress').execute();
}
