/** Resumable video uploads (`video_uploads`) and the S3 parts of each (`video_upload_parts`). */
import type { Insertable, Selectable } from 'kysely';
import type { VideoUploadsTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function findUpload(db: Db, courseId: number, lessonId: number, uploadId: string) {
  return db
    .selectFrom('video_uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .where('course_id', '=', courseId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

export async function insertUpload(db: Db, row: Insertable<VideoUploadsTable>) {
  await db.insertInto('video_uploads').values(row).execute();
}

/**
 * Moves the offset from `received` to `next` (with the pending bytes' columns on S3) only if no
 * other request has moved it since; true when this request did.
 */
export async function claimOffset(
  db: Db,
  uploadId: string,
  received: number,
  next: number,
  at: string,
  pending: { pending_key: string | null; pending_bytes: number } | null = null,
): Promise<boolean> {
  const claimed = await db
    .updateTable('video_uploads')
    .set({ received: next, ...(pending ?? {}), updated_at: at })
    .where('id', '=', uploadId)
    .where('received', '=', received)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function setUploadAsset(db: Db, uploadId: string, assetId: number, at: string) {
  await db.updateTable('video_uploads').set({ asset_id: assetId, updated_at: at }).where('id', '=', uploadId).execute();
}

/** Claims a complete, unqueued upload by its last update; true when this request did. */
export async function claimUnqueued(
  db: Db,
  uploadId: string,
  lastUpdate: Selectable<VideoUploadsTable>['updated_at'],
  at: string,
) {
  const claimed = await db
    .updateTable('video_uploads')
    .set({ updated_at: at })
    .where('id', '=', uploadId)
    .where('asset_id', 'is', null)
    .where('updated_at', '=', lastUpdate)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Unfinished uploads untouched since `before` (500 at a time). */
export function listStaleUploads(db: Db, before: string) {
  return db
    .selectFrom('video_uploads')
    .select(['id', 'extension', 'updated_at', 'storage_key', 'multipart_id', 'pending_key'])
    .where('asset_id', 'is', null)
    .where('updated_at', '<', before)
    .limit(500)
    .execute();
}

/** Removes an unfinished upload if it was not updated since `lastUpdate`; true when this request did. */
export async function deleteStaleUpload(
  db: Db,
  uploadId: string,
  lastUpdate: Selectable<VideoUploadsTable>['updated_at'],
) {
  const deleted = await db
    .deleteFrom('video_uploads')
    .where('id', '=', uploadId)
    .where('updated_at', '=', lastUpdate)
    .where('asset_id', 'is', null)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

export async function lastPartNumber(db: Db, uploadId: string): Promise<number> {
  const last = await db
    .selectFrom('video_upload_parts')
    .select((eb) => eb.fn.max('part_number').as('n'))
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  return Number(last?.n ?? 0);
}

export async function upsertPart(db: Db, uploadId: string, part: { partNumber: number; etag: string; size: number }) {
  await db
    .insertInto('video_upload_parts')
    .values({ upload_id: uploadId, part_number: part.partNumber, etag: part.etag, size: part.size })
    .onConflict((oc) => oc.columns(['upload_id', 'part_number']).doUpdateSet({ etag: part.etag, size: part.size }))
    .execute();
}

export function listParts(db: Db, uploadId: string) {
  return db
    .selectFrom('video_upload_parts')
    .select(['part_number', 'etag'])
    .where('upload_id', '=', uploadId)
    .orderBy('part_number')
    .execute();
}

export async function deleteParts(db: Db, uploadId: string) {
  await db.deleteFrom('video_upload_parts').where('upload_id', '=', uploadId).execute();
}
