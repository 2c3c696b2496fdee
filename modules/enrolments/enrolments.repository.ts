/** Enrolments: who may study which course, from when, until when (null = unlimited). */
import type { EnrolmentSource } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export interface NewEnrolmentGrant {
  userId: number;
  courseId: number;
  source: EnrolmentSource;
  orderId?: number | null;
  activationCodeId?: number | null;
  startsAt: string;
  endsAt: string | null;
}

/** The courses among `courseIds` this user can study at `now`. */
export async function listActiveCourseIds(db: Db, userId: number, courseIds: number[], now: string) {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom('enrolments')
    .select('course_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
  return rows.map((row) => row.course_id);
}

export async function countActive(db: Db, userId: number, now: string, source?: EnrolmentSource) {
  let query = db
    .selectFrom('enrolments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  if (source) query = query.where('source', '=', source);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function insertEnrolments(db: Db, grants: NewEnrolmentGrant[], now: string) {
  if (grants.length === 0) return;
  await db
    .insertInto('enrolments')
    .values(
      grants.map((grant) => ({
        user_id: grant.userId,
        course_id: grant.courseId,
        source: grant.source,
        order_id: grant.orderId ?? null,
        activation_code_id: grant.activationCodeId ?? null,
        starts_at: grant.startsAt,
        ends_at: grant.endsAt,
        created_at: now,
      })),
    )
    .execute();
}

export function listForUser(db: Db, userId: number) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** Ends, now, the access an order granted (a refund); the number of enrolments revoked. */
export async function revokeForOrder(db: Db, orderId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('enrolments')
    .set({ revoked_at: now })
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findById(db: Db, id: number) {
  return db.selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new end (null = unlimited) for an enrolment not revoked; whether it changed. */
export async function setEndsAt(db: Db, id: number, endsAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('enrolments')
    .set({ ends_at: endsAt })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends one enrolment now; whether it was still in force. */
export async function revokeOne(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('enrolments')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every enrolment an order granted ends at `endsAt` (a subscription's access follows its period). */
export async function setOrderEnd(db: Db, orderId: number, endsAt: string): Promise<void> {
  await db.updateTable('enrolments').set({ ends_at: endsAt }).where('order_id', '=', orderId).execute();
}
