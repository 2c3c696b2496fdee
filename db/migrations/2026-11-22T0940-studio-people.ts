/**
 * Studio people (issue 7 §6, §8): support requests get an assignee and a thread of replies and
 * internal notes; lesson error reports get a review state (new, confirmed, fixed, rejected), a note
 * and who reviewed them; broadcasts (a notification to all learners or to a subject's followers,
 * sent in batches); enrolments may come from the studio (`source = 'studio'`).
 *
 * The added columns carry no CHECK or foreign key, so SQLite can drop them again in the down; the
 * service validates their values. SQLite cannot alter a CHECK, so the enrolments table is rebuilt
 * from its own stored definition with the wider source list (nothing references enrolments).
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, isPostgres, timestampType } from './columns.ts';

const SOURCES = ['order', 'activation', 'free', 'subscription'];

async function setEnrolmentSources(db: Kysely<unknown>, sources: string[]): Promise<void> {
  const list = sql.join(sources.map((source) => sql.lit(source)));
  if (isPostgres(db)) {
    await sql`alter table enrolments drop constraint if exists enrolments_source_check`.execute(db);
    await sql`alter table enrolments add constraint enrolments_source_check check (source in (${list}))`.execute(db);
    return;
  }
  const row = (
    await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'enrolments'`.execute(db)
  ).rows[0];
  if (!row) throw new Error('enrolments table missing');
  const check = /"source" in \([^)]*\)/;
  if (!check.test(row.sql)) throw new Error('enrolments source check not found');
  const inList = sources.map((source) => `'${source}'`).join(', ');
  const next = row.sql
    .replace(/^create table "?enrolments"?/i, 'create table "enrolments_next"')
    .replace(check, `"source" in (${inList})`);
  await sql.raw(next).execute(db);
  await sql`insert into enrolments_next select * from enrolments`.execute(db);
  await sql`drop table enrolments`.execute(db);
  await sql`alter table enrolments_next rename to enrolments`.execute(db);
  await db.schema.createIndex('enrolments_user_idx').on('enrolments').columns(['user_id', 'course_id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema.alterTable('support_requests').addColumn('assignee_id', 'integer').execute();
  await addIdColumn(db, db.schema.createTable('support_request_notes'))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('support_requests.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('note', 'reply')`))
    .addColumn('body', 'varchar(5000)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('support_request_notes_request_idx')
    .on('support_request_notes')
    .column('request_id')
    .execute();

  await db.schema
    .alterTable('lesson_error_reports')
    .addColumn('review_status', 'varchar(16)', (col) => col.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('lesson_error_reports').addColumn('review_note', 'varchar(1000)').execute();
  await db.schema.alterTable('lesson_error_reports').addColumn('reviewed_by', 'integer').execute();
  await db.schema.alterTable('lesson_error_reports').addColumn('reviewed_at', ts).execute();

  await addIdColumn(db, db.schema.createTable('broadcasts'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'varchar(1000)', (col) => col.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('audience', 'varchar(16)', (col) => col.notNull().check(sql`audience in ('all', 'subject')`))
    .addColumn('subject_id', 'integer', (col) => col.references('subjects.id').onDelete('set null'))
    .addColumn('subject_name', 'varchar(200)')
    .addColumn('status', 'varchar(16)', (col) =>
      col
        .notNull()
        .defaultTo('sending')
        .check(sql`status in ('sending', 'sent', 'failed')`),
    )
    .addColumn('recipient_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(0))
    /** The highest user id already notified: a batch continues after it (and a restart resumes). */
    .addColumn('cursor_user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('finished_at', ts)
    .execute();

  await setEnrolmentSources(db, [...SOURCES, 'studio']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from enrolments where source = 'studio'`.execute(db);
  await setEnrolmentSources(db, SOURCES);
  await db.schema.dropTable('broadcasts').execute();
  for (const column of ['reviewed_at', 'reviewed_by', 'review_note', 'review_status']) {
    await db.schema.alterTable('lesson_error_reports').dropColumn(column).execute();
  }
  await db.schema.dropIndex('support_request_notes_request_idx').execute();
  await db.schema.dropTable('support_request_notes').execute();
  await db.schema.alterTable('support_requests').dropColumn('assignee_id').execute();
}
