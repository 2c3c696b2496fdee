/** Private notes, the lesson discussion and error reports. */
import type { ErrorReportReason, ErrorReportStatus, ErrorReviewStatus } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function listNotes(db: Db, userId: number, lessonId: number) {
  return db
    .selectFrom('lesson_notes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .orderBy('id')
    .execute();
}

/** A note of this learner (never another learner's). */
export function findOwnNote(db: Db, userId: number, id: number) {
  return db
    .selectFrom('lesson_notes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertNote(
  db: Db,
  note: { userId: number; lessonId: number; content: string; position: number | null; now: string },
) {
  return db
    .insertInto('lesson_notes')
    .values({
      user_id: note.userId,
      lesson_id: note.lessonId,
      content: note.content,
      position_seconds: note.position,
      created_at: note.now,
      updated_at: note.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNote(
  db: Db,
  userId: number,
  id: number,
  changes: { content: string; position_seconds?: number | null; updated_at: string },
) {
  return db
    .updateTable('lesson_notes')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteNote(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('lesson_notes')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('lesson_comments')
    .innerJoin('users', 'users.id', 'lesson_comments.user_id')
    .select([
      'lesson_comments.id',
      'lesson_comments.lesson_id',
      'lesson_comments.user_id',
      'lesson_comments.parent_id',
      'lesson_comments.content',
      'lesson_comments.created_at',
      'users.full_name',
      'users.avatar_url',
    ]);
}

export type CommentRow = Awaited<ReturnType<typeof listReplies>>[number];

export function listTopComments(db: Db, lessonId: number, page: number, limit: number) {
  return commentsWithAuthors(db)
    .where('lesson_comments.lesson_id', '=', lessonId)
    .where('lesson_comments.parent_id', 'is', null)
    .orderBy('lesson_comments.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function countTopComments(db: Db, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('lesson_comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lesson_id', '=', lessonId)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listReplies(db: Db, parentIds: number[]) {
  return commentsWithAuthors(db)
    .where('lesson_comments.parent_id', 'in', parentIds.length > 0 ? parentIds : [0])
    .orderBy('lesson_comments.id')
    .execute();
}

export function findComment(db: Db, id: number) {
  return commentsWithAuthors(db).where('lesson_comments.id', '=', id).executeTakeFirst();
}

export function insertComment(
  db: Db,
  comment: { lessonId: number; userId: number; parentId: number | null; content: string; now: string },
) {
  return db
    .insertInto('lesson_comments')
    .values({
      lesson_id: comment.lessonId,
      user_id: comment.userId,
      parent_id: comment.parentId,
      content: comment.content,
      created_at: comment.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Deletes a learner's own comment with its replies; false when it is not theirs. */
export async function deleteOwnComment(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('lesson_comments')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return false;
    await trx.deleteFrom('lesson_comments').where('parent_id', '=', id).execute();
    await trx.deleteFrom('lesson_comments').where('id', '=', id).execute();
    return true;
  });
}

export function insertErrorReport(
  db: Db,
  report: { lessonId: number; userId: number; reason: ErrorReportReason; content: string; now: string },
) {
  return db
    .insertInto('lesson_error_reports')
    .values({
      lesson_id: report.lessonId,
      user_id: report.userId,
      reason: report.reason,
      content: report.content,
      created_at: report.now,
      updated_at: report.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listErrorReports(db: Db, userId: number, lessonId: number) {
  return db
    .selectFrom('lesson_error_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Moves a report forward (pending → processing → complete) with a conditional update. */
export async function moveErrorReport(
  db: Db,
  id: number,
  from: ErrorReportStatus[],
  to: ErrorReportStatus,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('lesson_error_reports')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findErrorReport(db: Db, id: number) {
  return db.selectFrom('lesson_error_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The studio's review of a report, with the learner-facing status that follows it. */
export async function reviewErrorReport(
  db: Db,
  id: number,
  review: {
    review_status: ErrorReviewStatus;
    review_note: string | null;
    reviewed_by: number;
    status: ErrorReportStatus;
    now: string;
  },
) {
  const { now, ...set } = review;
  await db
    .updateTable('lesson_error_reports')
    .set({ ...set, reviewed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
