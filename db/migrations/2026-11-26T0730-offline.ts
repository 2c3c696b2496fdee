/**
 * Offline study (issue 21): the licences of downloaded lessons (one per learner, lesson and device)
 * and the changes made offline, each applied once per learner, device and op id.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('offline_licences')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull())
    .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('issued_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('revoked_at', ts)
    .addUniqueConstraint('offline_licences_owner_unique', ['user_id', 'lesson_id', 'device_id'])
    .execute();
  await addIdColumn(db, db.schema.createTable('offline_sync_ops'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('op_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('lesson_id', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('claimed_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('offline_sync_ops_unique', ['user_id', 'device_id', 'op_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offline_sync_ops').execute();
  await db.schema.dropTable('offline_licences').execute();
}
