/** Video assets and their transcoding jobs (one row each), and their captions. */
import type { ExpressionBuilder } from 'kysely';
import type { Database, VideoAssetRow } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function insertAsset(db: Db, lessonId: number, sourceKey: string, at: string) {
  return db
    .insertInto('video_assets')
    .values({
      lesson_id: lessonId,
      source_key: sourceKey,
      status: 'queued',
      run_after: at,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findAsset(db: Db, assetId: number) {
  return db.selectFrom('video_assets').selectAll().where('id', '=', assetId).executeTakeFirst();
}

/** The newest ready asset of a lesson (a replacement takes over once ready), and the newest of any state. */
export async function findLessonAssets(db: Db, lessonId: number) {
  const [ready, latest] = await Promise.all([
    db
      .selectFrom('video_assets')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .where('status', '=', 'ready')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('video_assets')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { ready, latest };
}

/** What a claim writes: processing, one more attempt, this worker's lease, progress from zero. */
function startProcessing(workerId: string, leaseUntil: string, at: string) {
  return (eb: ExpressionBuilder<Database, 'video_assets'>) => ({
    status: 'processing' as const,
    attempts: eb('attempts', '+', 1),
    worker_id: workerId,
    lease_until: leaseUntil,
    progress_percent: 0,
    updated_at: at,
  });
}

/**
 * Claims the oldest job that is due: queued and past its backoff, or processing with a lease that
 * has run out (its worker stopped). One conditional UPDATE: of two workers racing for the same row,
 * the second finds the condition no longer true and gets nothing.
 */
export async function claimNextJob(
  db: Db,
  workerId: string,
  at: string,
  leaseUntil: string,
): Promise<VideoAssetRow | undefined> {
  const due = (eb: ExpressionBuilder<Database, 'video_assets'>) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', at)]),
      eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', at)]),
    ]);
  const candidate = await db
    .selectFrom('video_assets')
    .select('id')
    .where(due)
    .orderBy('run_after')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  return db
    .updateTable('video_assets')
    .set(startProcessing(workerId, leaseUntil, at))
    .where('id', '=', candidate.id)
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims one asset for its `video.transcode` job: queued (whatever its backoff: the queue keeps its
 * own), or processing with a lease that has run out. A ready, failed or live-held asset gives nothing.
 */
export function claimAsset(db: Db, assetId: number, workerId: string, at: string, leaseUntil: string) {
  return db
    .updateTable('video_assets')
    .set(startProcessing(workerId, leaseUntil, at))
    .where('id', '=', assetId)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', at)])]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Assets whose job may be missing: queued, or held by a lease that ran out, and untouched since `before`. */
export function listStalled(db: Db, at: string, before: string, limit = 100) {
  return db
    .selectFrom('video_assets')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('updated_at', '<', before)]),
        eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', at)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The job is still this worker's: claimed by it, not finished, not taken over after its lease. */
const heldBy = (assetId: number, workerId: string) => (eb: ExpressionBuilder<Database, 'video_assets'>) =>
  eb.and([eb('id', '=', assetId), eb('worker_id', '=', workerId), eb('status', '=', 'processing')]);

/** A longer lease while this worker still holds the job (its heartbeat). */
export async function extendLease(db: Db, assetId: number, workerId: string, leaseUntil: string): Promise<void> {
  await db.updateTable('video_assets').set({ lease_until: leaseUntil }).where(heldBy(assetId, workerId)).execute();
}

/** Progress and a longer lease, while this worker still holds the job. */
export async function recordProgress(
  db: Db,
  assetId: number,
  workerId: string,
  percent: number,
  leaseUntil: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('video_assets')
    .set({ progress_percent: percent, lease_until: leaseUntil, updated_at: at })
    .where(heldBy(assetId, workerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ReadyFacts {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
  rungs: number[];
}

export async function markReady(db: Db, assetId: number, workerId: string, facts: ReadyFacts, at: string) {
  const result = await db
    .updateTable('video_assets')
    .set({
      status: 'ready',
      progress_percent: 100,
      width: facts.width,
      height: facts.height,
      duration_seconds: facts.durationSeconds,
      has_audio: facts.hasAudio ? 1 : 0,
      rungs: facts.rungs.join(','),
      last_error: null,
      lease_until: null,
      ready_at: at,
      updated_at: at,
    })
    .where(heldBy(assetId, workerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed attempt: queued again after `retryAt`, or failed for good when `retryAt` is null. */
export async function recordFailure(
  db: Db,
  assetId: number,
  workerId: string,
  error: string,
  retryAt: string | null,
  at: string,
) {
  await db
    .updateTable('video_assets')
    .set({
      status: retryAt === null ? 'failed' : 'queued',
      last_error: error.slice(0, 2000),
      lease_until: null,
      progress_percent: 0,
      ...(retryAt === null ? {} : { run_after: retryAt }),
      updated_at: at,
    })
    .where(heldBy(assetId, workerId))
    .execute();
}

/** Gives a claimed job back to the queue (its worker is stopping), without counting the attempt. */
export async function releaseJob(db: Db, assetId: number, workerId: string, at: string) {
  await db
    .updateTable('video_assets')
    .set((eb) => ({
      status: 'queued',
      attempts: eb('attempts', '-', 1),
      lease_until: null,
      worker_id: null,
      progress_percent: 0,
      run_after: at,
      updated_at: at,
    }))
    .where(heldBy(assetId, workerId))
    .execute();
}

export function findLesson(db: Db, lessonId: number) {
  return db.selectFrom('lessons').select(['id', 'content_type']).where('id', '=', lessonId).executeTakeFirst();
}

export async function upsertCaption(
  db: Db,
  caption: { asset_id: number; lang: string; label: string; storage_key: string },
  at: string,
) {
  // One statement: two uploads of the same language at once leave one caption, the later one.
  await db
    .insertInto('video_captions')
    .values({ ...caption, created_at: at })
    .onConflict((oc) =>
      oc
        .columns(['asset_id', 'lang'])
        .doUpdateSet({ label: caption.label, storage_key: caption.storage_key, created_at: at }),
    )
    .execute();
}

export function listCaptions(db: Db, assetId: number) {
  return db
    .selectFrom('video_captions')
    .select(['lang', 'label', 'storage_key'])
    .where('asset_id', '=', assetId)
    .orderBy('lang')
    .execute();
}

/** The assets of these lessons, newest first (a lesson's first is its latest upload). */
export function latestAssetsOf(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('video_assets')
    .select(['id', 'lesson_id', 'status', 'progress_percent', 'last_error'])
    .where('lesson_id', 'in', lessonIds)
    .orderBy('id', 'desc')
    .execute();
}
