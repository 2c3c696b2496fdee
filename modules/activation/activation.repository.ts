/** Activation codes, their redemptions, and the course or package a code is bound to. */
import { sql } from 'kysely';
import type { NewActivationCode } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

/** A code with its course (type decides combo grants) and its package's cycle. */
export function findCode(db: Db, code: string) {
  return db
    .selectFrom('activation_codes')
    .innerJoin('courses', 'courses.id', 'activation_codes.course_id')
    .leftJoin('course_pods', 'course_pods.id', 'activation_codes.pod_id')
    .selectAll('activation_codes')
    .select([
      'courses.slug as course_slug',
      'courses.title as course_title',
      'courses.type as course_type',
      'courses.is_published as course_published',
      'course_pods.cycle as pod_cycle',
    ])
    .where('activation_codes.code', '=', code)
    .executeTakeFirst();
}

export type FoundCode = NonNullable<Awaited<ReturnType<typeof findCode>>>;

export async function hasRedeemed(db: Db, codeId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('activation_redemptions')
    .select('id')
    .where('code_id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes one use if any is left: one conditional UPDATE, so two racing redemptions never both win. */
export async function takeUse(db: Db, codeId: number): Promise<boolean> {
  const result = await db
    .updateTable('activation_codes')
    .set({ used: sql`used + 1` })
    .where('id', '=', codeId)
    .where('is_active', '=', 1)
    .where((eb) => eb('used', '<', eb.ref('max_uses')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unique per (code, user): a learner's second redemption of a multi-use code fails here. */
export async function insertRedemption(db: Db, codeId: number, userId: number, now: string) {
  await db.insertInto('activation_redemptions').values({ code_id: codeId, user_id: userId, created_at: now }).execute();
}

export function findCourseBySlug(db: Db, slug: string) {
  return db.selectFrom('courses').select(['id', 'slug', 'title']).where('slug', '=', slug).executeTakeFirst();
}

export function findCourseById(db: Db, id: number) {
  return db.selectFrom('courses').select(['id', 'slug', 'title']).where('id', '=', id).executeTakeFirst();
}

export function findPodWithCourse(db: Db, podId: number) {
  return db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select(['course_pods.id as pod_id', 'course_pods.cycle', 'courses.id', 'courses.slug', 'courses.title'])
    .where('course_pods.id', '=', podId)
    .executeTakeFirst();
}

/** Which of these codes already exist. */
export async function listExistingCodes(db: Db, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < codes.length; start += 500) {
    const rows = await db
      .selectFrom('activation_codes')
      .select('code')
      .where('code', 'in', codes.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.code);
  }
  return found;
}

export async function insertCodes(db: Db, rows: NewActivationCode[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('activation_codes')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

// ── The studio's queries (activation.admin.ts) ──

/** One row per batch: its course and package, how many codes, still active, uses, created, last end. */
export function batchSummaries(db: Db) {
  return db
    .selectFrom('activation_codes')
    .select((eb) => [
      'batch',
      eb.fn.min('course_id').as('course_id'),
      eb.fn.min('pod_id').as('pod_id'),
      eb.fn.countAll<number>().as('codes'),
      eb.fn.sum<number>('is_active').as('active_codes'),
      eb.fn.sum<number>('used').as('uses'),
      eb.fn.min('created_at').as('created_at'),
      eb.fn.max('ends_at').as('ends_at'),
    ])
    .groupBy('batch');
}

export type BatchSummaryRow = Awaited<ReturnType<ReturnType<typeof batchSummaries>['execute']>>[number];

export function codesOfBatch(db: Db, batch: string) {
  return db.selectFrom('activation_codes').where('batch', '=', batch);
}

/** One page of a batch's codes, in the order they were made. */
export function listBatchCodes(db: Db, batch: string, page: { page: number; limit: number }) {
  return codesOfBatch(db, batch)
    .select(['id', 'code', 'max_uses', 'used', 'access_days', 'starts_at', 'ends_at', 'is_active'])
    .orderBy('id')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
}

/** The latest redemptions of a batch's codes, newest first. */
export function listBatchRedemptions(db: Db, batch: string, limit: number) {
  return db
    .selectFrom('activation_redemptions')
    .innerJoin('activation_codes', 'activation_codes.id', 'activation_redemptions.code_id')
    .select([
      'activation_redemptions.id',
      'activation_redemptions.user_id',
      'activation_redemptions.created_at',
      'activation_codes.code',
    ])
    .where('activation_codes.batch', '=', batch)
    .orderBy('activation_redemptions.id', 'desc')
    .limit(limit)
    .execute();
}

/** A code's batch, by the code as stored. */
export function findCodeBatch(db: Db, code: string) {
  return db.selectFrom('activation_codes').select(['id', 'batch']).where('code', '=', code).executeTakeFirst();
}

/** Stops every still-active code of a batch; the number stopped. */
export async function revokeBatch(db: Db, batch: string): Promise<number> {
  const updated = await db
    .updateTable('activation_codes')
    .set({ is_active: 0 })
    .where('batch', '=', batch)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Stops one code if it is active; 1 when it was, 0 when it was already stopped. */
export async function revokeCode(db: Db, id: number): Promise<number> {
  const updated = await db
    .updateTable('activation_codes')
    .set({ is_active: 0 })
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}
