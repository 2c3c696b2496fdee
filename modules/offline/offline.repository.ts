/** Queries of the offline module's own tables. */
import type { Db } from '../../kernel/db/index.ts';
import type { OfflineSyncOpsTable } from './offline.table.ts';

type OpKind = OfflineSyncOpsTable['kind'];

/** Grants (or renews) the licence of one lesson on one device; returns the licence's id. */
export async function upsertLicence(
  db: Db,
  row: {
    id: string;
    userId: number;
    lessonId: number;
    courseId: number;
    deviceId: string;
    now: string;
    expiresAt: string;
  },
): Promise<string> {
  const saved = await db
    .insertInto('offline_licences')
    .values({
      id: row.id,
      user_id: row.userId,
      lesson_id: row.lessonId,
      course_id: row.courseId,
      device_id: row.deviceId,
      issued_at: row.now,
      expires_at: row.expiresAt,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'lesson_id', 'device_id'])
        .doUpdateSet({ issued_at: row.now, expires_at: row.expiresAt, revoked_at: null }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export function findLicences(db: Db, userId: number, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('offline_licences').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export function revokeLicence(db: Db, id: string, now: string) {
  return db
    .updateTable('offline_licences')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Claims an op for applying: a new row, or one whose applying was abandoned (claimed before
 * `staleBefore` and never finished). Null when another request holds it or it is done.
 */
export async function claimOp(
  db: Db,
  op: {
    userId: number;
    deviceId: string;
    opId: string;
    kind: OpKind;
    lessonId: number;
    now: string;
    staleBefore: string;
  },
): Promise<number | null> {
  const inserted = await db
    .insertInto('offline_sync_ops')
    .values({
      user_id: op.userId,
      device_id: op.deviceId,
      op_id: op.opId,
      kind: op.kind,
      lesson_id: op.lessonId,
      status: 'applying',
      result: null,
      claimed_at: op.now,
      updated_at: op.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'device_id', 'op_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const reclaimed = await db
    .updateTable('offline_sync_ops')
    .set({ claimed_at: op.now, updated_at: op.now })
    .where('user_id', '=', op.userId)
    .where('device_id', '=', op.deviceId)
    .where('op_id', '=', op.opId)
    .where('status', '=', 'applying')
    .where('claimed_at', '<', op.staleBefore)
    .returning('id')
    .executeTakeFirst();
  return reclaimed?.id ?? null;
}

export function findOp(db: Db, userId: number, deviceId: string, opId: string) {
  return db
    .selectFrom('offline_sync_ops')
    .select(['status', 'result', 'kind', 'lesson_id'])
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('op_id', '=', opId)
    .executeTakeFirst();
}

export function finishOp(db: Db, id: number, status: 'applied' | 'rejected', result: unknown, now: string) {
  return db
    .updateTable('offline_sync_ops')
    .set({ status, result: JSON.stringify(result), updated_at: now })
    .where('id', '=', id)
    .execute();
}
