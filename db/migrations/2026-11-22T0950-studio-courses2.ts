/**
 * Studio courses, part 2 (the teacher's account link, teachers.user_id, comes with the studio-site
 * migration): a course may carry a scheduled publish time; a resumable video upload keeps its
 * received byte count while the chunks arrive (the bytes sit in a file on disk, never in a row).
 */
import type { Kysely } from 'kysely';
import { timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('publish_at', timestampType(db)).execute();
  await db.schema.createIndex('courses_publish_at_idx').on('courses').column('publish_at').execute();
  await db.schema
    .createTable('video_uploads')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('extension', 'varchar(10)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('received', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('asset_id', 'integer')
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_uploads').execute();
  await db.schema.dropIndex('courses_publish_at_idx').execute();
  await db.schema.alterTable('courses').dropColumn('publish_at').execute();
}
