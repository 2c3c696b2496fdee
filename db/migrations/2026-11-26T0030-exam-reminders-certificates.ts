/**
 * Contest reminders and contest certificates. `exam_reminders` (modules/exams): a learner's "Nhắc
 * tôi" on an upcoming contest, claimed once (`reminded_at`) when the reminder goes out 15 minutes
 * before it opens. `exam_contests.certificate_min_score` (thousandths of the exam's points; null =
 * no certificate) and `certificates_issued_at` (the contest's certificates were all issued).
 * `certificates` (modules/certificates) now also certifies a contest result: `course_id` becomes
 * optional, `exam_contest_id` and the result (score, max score, rank, candidates) are added, and
 * exactly one of course and contest is set. SQLite cannot relax NOT NULL in place: the table is
 * rebuilt there with the same rows.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, isPostgres, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('exam_reminders')
    .addColumn('contest_id', 'integer', (col) => col.notNull().references('exam_contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    /** Set by the one runner that claimed this reminder and sent it. */
    .addColumn('reminded_at', ts)
    .addPrimaryKeyConstraint('exam_reminders_pk', ['contest_id', 'user_id'])
    .execute();
  await db.schema.createIndex('exam_reminders_user_idx').on('exam_reminders').columns(['user_id']).execute();

  await db.schema.alterTable('exam_contests').addColumn('certificate_min_score', 'integer').execute();
  await db.schema.alterTable('exam_contests').addColumn('certificates_issued_at', ts).execute();

  if (isPostgres(db)) {
    await sql`alter table certificates alter column course_id drop not null`.execute(db);
    await db.schema
      .alterTable('certificates')
      .addColumn('exam_contest_id', 'integer', (col) => col.references('exam_contests.id').onDelete('cascade'))
      .execute();
    for (const column of ['score', 'max_score', 'rank', 'candidates'])
      await db.schema.alterTable('certificates').addColumn(column, 'integer').execute();
    await sql`alter table certificates add constraint certificates_subject_check
      check ((course_id is null) <> (exam_contest_id is null))`.execute(db);
  } else {
    await addIdColumn(db, db.schema.createTable('certificates_next'))
      .addColumn('code', 'varchar(16)', (col) => col.notNull().unique())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (col) => col.references('courses.id').onDelete('cascade'))
      .addColumn('learner_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('course_title', 'varchar(300)', (col) => col.notNull())
      .addColumn('issued_at', ts, (col) => col.notNull())
      .addColumn('exam_contest_id', 'integer', (col) => col.references('exam_contests.id').onDelete('cascade'))
      .addColumn('score', 'integer')
      .addColumn('max_score', 'integer')
      .addColumn('rank', 'integer')
      .addColumn('candidates', 'integer')
      .addUniqueConstraint('certificates_user_course_key', ['user_id', 'course_id'])
      .addCheckConstraint('certificates_subject_check', sql`(course_id is null) <> (exam_contest_id is null)`)
      .execute();
    await sql`insert into certificates_next (id, code, user_id, course_id, learner_name, course_title, issued_at)
      select id, code, user_id, course_id, learner_name, course_title, issued_at from certificates`.execute(db);
    await db.schema.dropTable('certificates').execute();
    await db.schema.alterTable('certificates_next').renameTo('certificates').execute();
  }
  await db.schema
    .createIndex('certificates_user_contest_key')
    .on('certificates')
    .columns(['user_id', 'exam_contest_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificates_user_contest_key').execute();
  await sql`delete from certificates where exam_contest_id is not null`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table certificates drop constraint certificates_subject_check`.execute(db);
    for (const column of ['candidates', 'rank', 'max_score', 'score', 'exam_contest_id'])
      await db.schema.alterTable('certificates').dropColumn(column).execute();
    await sql`alter table certificates alter column course_id set not null`.execute(db);
  } else {
    const ts = timestampType(db);
    await addIdColumn(db, db.schema.createTable('certificates_prev'))
      .addColumn('code', 'varchar(16)', (col) => col.notNull().unique())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('learner_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('course_title', 'varchar(300)', (col) => col.notNull())
      .addColumn('issued_at', ts, (col) => col.notNull())
      .addUniqueConstraint('certificates_user_course_key', ['user_id', 'course_id'])
      .execute();
    await sql`insert into certificates_prev (id, code, user_id, course_id, learner_name, course_title, issued_at)
      select id, code, user_id, course_id, learner_name, course_title, issued_at from certificates`.execute(db);
    await db.schema.dropTable('certificates').execute();
    await db.schema.alterTable('certificates_prev').renameTo('certificates').execute();
  }
  await db.schema.alterTable('exam_contests').dropColumn('certificates_issued_at').execute();
  await db.schema.alterTable('exam_contests').dropColumn('certificate_min_score').execute();
  await db.schema.dropIndex('exam_reminders_user_idx').execute();
  await db.schema.dropTable('exam_reminders').execute();
}
