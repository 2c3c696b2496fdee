/**
 * Resumable video uploads in object storage (decision 0013): with S3, an upload is one S3
 * multipart upload whose id, object key and parts' ETags live here, so each chunk may reach any
 * instance. Bytes that are not yet a whole part (S3's 5 MiB floor) wait in a small object of their
 * own (`pending_key`, `pending_bytes`). With local storage these stay empty: the bytes sit on disk.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_uploads').addColumn('storage_key', 'varchar(200)').execute();
  await db.schema.alterTable('video_uploads').addColumn('multipart_id', 'varchar(1024)').execute();
  await db.schema.alterTable('video_uploads').addColumn('pending_key', 'varchar(200)').execute();
  await db.schema
    .alterTable('video_uploads')
    .addColumn('pending_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('video_upload_parts')
    .addColumn('upload_id', 'varchar(40)', (col) => col.notNull().references('video_uploads.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (col) => col.notNull())
    .addColumn('etag', 'varchar(200)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_upload_parts_pk', ['upload_id', 'part_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_upload_parts').execute();
  for (const column of ['pending_bytes', 'pending_key', 'multipart_id', 'storage_key'])
    await db.schema.alterTable('video_uploads').dropColumn(column).execute();
}
