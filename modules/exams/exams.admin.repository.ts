/** The studio's queries of the exams module's tables (exams.admin.ts); the database or a transaction first. */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../kernel/db/index.ts';
import type { ExamPassagesTable, ExamQuestionsTable, ExamsTable } from './exams.table.ts';

/** Every exam with its question count and the contests built on it (practice rooms apart). */
export async function listExams(db: Db, filter: { subject?: string | undefined }) {
  let query = db
    .selectFrom('exams as e')
    .select((eb) => [
      'e.id',
      'e.slug',
      'e.title',
      'e.subject',
      'e.template',
      'e.duration_seconds',
      'e.updated_at',
      eb
        .selectFrom('exam_questions as q')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('q.exam_id', '=', 'e.id')
        .as('question_count'),
      eb
        .selectFrom('exam_contests as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.exam_id', '=', 'e.id')
        .where('c.kind', '=', 'contest')
        .as('contest_count'),
    ]);
  if (filter.subject) query = query.where('e.subject', '=', filter.subject);
  return query.orderBy('e.updated_at', 'desc').orderBy('e.id', 'desc').limit(1000).execute();
}

export async function listSubjects(db: Db) {
  return (await db.selectFrom('exams').select('subject').distinct().orderBy('subject').execute()).map((r) => r.subject);
}

export function listContestsOfExam(db: Db, examId: number) {
  return db
    .selectFrom('exam_contests')
    .select(['id', 'slug', 'title', 'kind'])
    .where('exam_id', '=', examId)
    .orderBy('id')
    .execute();
}

/** How many attempts (open or submitted) the contests of an exam hold. */
export async function countAttempts(db: Db, examId: number): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts as a')
    .innerJoin('exam_contests as c', 'c.id', 'a.contest_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.exam_id', '=', examId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function updateExam(db: Db, id: number, values: Updateable<ExamsTable>) {
  return db.updateTable('exams').set(values).where('id', '=', id).execute();
}

export function findQuestion(db: Db, examId: number, questionId: number) {
  return db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_id', '=', examId)
    .where('id', '=', questionId)
    .executeTakeFirst();
}

export function updateQuestion(db: Db, id: number, values: Updateable<ExamQuestionsTable>) {
  return db.updateTable('exam_questions').set(values).where('id', '=', id).execute();
}

export function deleteQuestion(db: Db, id: number) {
  return db.deleteFrom('exam_questions').where('id', '=', id).execute();
}

/**
 * Positions 1…n in the given order of question ids. Two passes, since (exam_id, position) is
 * unique: every question first moves out of the way (negative), then to its place.
 */
export async function renumber(db: Db, examId: number, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  await db
    .updateTable('exam_questions')
    .set({ position: sql<number>`-position` })
    .where('exam_id', '=', examId)
    .execute();
  for (const [index, id] of orderedIds.entries())
    await db
      .updateTable('exam_questions')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
}

export function deletePart(db: Db, examId: number, partId: number) {
  return db.deleteFrom('exam_parts').where('exam_id', '=', examId).where('id', '=', partId).execute();
}

export function findPassage(db: Db, examId: number, passageId: number) {
  return db
    .selectFrom('exam_passages')
    .selectAll()
    .where('exam_id', '=', examId)
    .where('id', '=', passageId)
    .executeTakeFirst();
}

export function updatePassage(db: Db, id: number, values: Updateable<ExamPassagesTable>) {
  return db.updateTable('exam_passages').set(values).where('id', '=', id).execute();
}

export async function deletePassage(db: Db, examId: number, passageId: number) {
  await db
    .updateTable('exam_questions')
    .set({ passage_id: null })
    .where('exam_id', '=', examId)
    .where('passage_id', '=', passageId)
    .execute();
  await db.deleteFrom('exam_passages').where('exam_id', '=', examId).where('id', '=', passageId).execute();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('exams').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
