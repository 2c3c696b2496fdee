/**
 * Learning extras: quizzes (settings, questions, options, attempts), private notes, the lesson
 * discussion (comments with one level of replies), error reports on lessons, and certificates.
 * Reviews reuse `course_reviews`, which already has one row per learner and course.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('quizzes')
    .addColumn('lesson_id', 'integer', (col) => col.primaryKey().references('lessons.id').onDelete('cascade'))
    .addColumn('pass_percent', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(70)
        .check(sql`pass_percent between 0 and 100`),
    )
    /** Null = unlimited attempts. */
    .addColumn('max_attempts', 'integer', (col) => col.check(sql`max_attempts > 0`))
    /** Null = no time limit. */
    .addColumn('time_limit_seconds', 'integer', (col) => col.check(sql`time_limit_seconds > 0`))
    .addColumn('shuffle', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('quiz_questions'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('quizzes.lesson_id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull().check(sql`kind in ('single', 'multiple')`))
    .addColumn('prompt', 'varchar(2000)', (col) => col.notNull())
    .addColumn('explanation', 'varchar(4000)')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('quiz_questions_lesson_idx')
    .on('quiz_questions')
    .columns(['lesson_id', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('quiz_options'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('quiz_questions.id').onDelete('cascade'))
    .addColumn('label', 'varchar(1000)', (col) => col.notNull())
    .addColumn('is_correct', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('quiz_options_question_idx')
    .on('quiz_options')
    .columns(['question_id', 'position'])
    .execute();

  await addIdColumn(db, db.schema.createTable('quiz_attempts'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('quizzes.lesson_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** JSON: the question ids in the order this attempt shows them. */
    .addColumn('question_order', 'text', (col) => col.notNull())
    /** JSON: { [question_id]: option_id[] }, written on submit. */
    .addColumn('answers', 'text')
    .addColumn('correct_count', 'integer')
    .addColumn('question_count', 'integer', (col) => col.notNull())
    .addColumn('score_percent', 'integer')
    .addColumn('passed', 'integer')
    .addColumn('timed_out', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', ts, (col) => col.notNull())
    .addColumn('deadline_at', ts)
    .addColumn('submitted_at', ts)
    .execute();
  await db.schema.createIndex('quiz_attempts_user_idx').on('quiz_attempts').columns(['user_id', 'lesson_id']).execute();

  await addIdColumn(db, db.schema.createTable('lesson_notes'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    /** The video time the note is about, in seconds; null for a note on the whole lesson. */
    .addColumn('position_seconds', 'integer', (col) => col.check(sql`position_seconds >= 0`))
    .addColumn('content', 'varchar(4000)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lesson_notes_user_idx').on('lesson_notes').columns(['user_id', 'lesson_id']).execute();

  await addIdColumn(db, db.schema.createTable('lesson_comments'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** The comment this one replies to (one level only); null for a top-level comment. */
    .addColumn('parent_id', 'integer', (col) => col.references('lesson_comments.id').onDelete('cascade'))
    .addColumn('content', 'varchar(4000)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_comments_lesson_idx')
    .on('lesson_comments')
    .columns(['lesson_id', 'parent_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('lesson_error_reports'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(16)', (col) =>
      col.notNull().check(sql`reason in ('video', 'content', 'audio', 'other')`),
    )
    .addColumn('content', 'varchar(2000)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processing', 'complete')`),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_error_reports_user_idx')
    .on('lesson_error_reports')
    .columns(['user_id', 'lesson_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('certificates'))
    .addColumn('code', 'varchar(16)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    /** The learner's name and the course title when issued (a certificate does not change later). */
    .addColumn('learner_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('course_title', 'varchar(300)', (col) => col.notNull())
    .addColumn('issued_at', ts, (col) => col.notNull())
    .addUniqueConstraint('certificates_user_course_key', ['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropIndex('lesson_error_reports_user_idx').execute();
  await db.schema.dropTable('lesson_error_reports').execute();
  await db.schema.dropIndex('lesson_comments_lesson_idx').execute();
  await db.schema.dropTable('lesson_comments').execute();
  await db.schema.dropIndex('lesson_notes_user_idx').execute();
  await db.schema.dropTable('lesson_notes').execute();
  await db.schema.dropIndex('quiz_attempts_user_idx').execute();
  await db.schema.dropTable('quiz_attempts').execute();
  await db.schema.dropIndex('quiz_options_question_idx').execute();
  await db.schema.dropTable('quiz_options').execute();
  await db.schema.dropIndex('quiz_questions_lesson_idx').execute();
  await db.schema.dropTable('quiz_questions').execute();
  await db.schema.dropTable('quizzes').execute();
}
