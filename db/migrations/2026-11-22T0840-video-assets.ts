/**
 * Video assets (issue 6, the HLS pipeline): one row per source video given to a lesson. The row is
 * also the durable transcoding job (queued → processing → ready | failed) with its progress,
 * attempts, backoff and lease; a lesson may get a newer asset while an older one keeps playing.
 * Captions (WebVTT) belong to an asset.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await addIdColumn(db, db.schema.createTable('video_assets'))
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'processing', 'ready', 'failed')`),
    )
    /** The source object in storage. */
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('progress_percent', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`progress_percent between 0 and 100`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    /** A queued job is not claimed before this time (retry backoff). */
    .addColumn('run_after', ts, (col) => col.notNull())
    /** A processing job whose lease has passed belongs to a worker that stopped: it is claimed again. */
    .addColumn('lease_until', ts)
    .addColumn('worker_id', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'integer')
    .addColumn('has_audio', 'integer', (col) => col.notNull().defaultTo(0))
    /** Heights of the HLS rungs, highest first, comma separated (`720,480,360,240`). */
    .addColumn('rungs', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ready_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('video_assets_lesson_idx').on('video_assets').columns(['lesson_id', 'status']).execute();
  await db.schema.createIndex('video_assets_queue_idx').on('video_assets').columns(['status', 'run_after']).execute();

  await db.schema
    .createTable('video_captions')
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('video_assets.id').onDelete('cascade'))
    /** A BCP 47 language tag (`vi`, `en`). */
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    /** The WebVTT object in storage. */
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('video_captions_pkey', ['asset_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_captions').execute();
  await db.schema.dropIndex('video_assets_queue_idx').execute();
  await db.schema.dropIndex('video_assets_lesson_idx').execute();
  await db.schema.dropTable('video_assets').execute();
}
