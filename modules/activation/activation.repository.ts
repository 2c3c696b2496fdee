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
