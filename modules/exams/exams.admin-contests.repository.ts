/** The studio's queries on contests and their attempts (scheduling, live view, results, item analysis). */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../kernel/db/index.ts';
import type { ExamContestsTable } from './exams.table.ts';

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** Per contest: distinct candidates, submitted attempts, attempts still running (`live_after` = now − grace). */
export function attemptCounts(db: Db, liveAfter: string, contestId?: number) {
  let query = db
    .selectFrom('exam_attempts')
    .select((eb) => [
      'contest_id',
      eb.fn.count<number>('user_id').distinct().as('candidates'),
      countWhere(sql`status = 'submitted'`).as('submitted'),
      countWhere(sql`status = 'submitted' and submitted_by = 'deadline'`).as('auto_submitted'),
      countWhere(sql`status = 'open' and deadline_at >= ${liveAfter}`).as('in_room'),
      eb.fn.avg<number | string | null>(sql`case when status = 'submitted' then score end`).as('average_score'),
      eb.fn.count<number>('id').as('attempts'),
    ])
    .groupBy('contest_id');
  if (contestId !== undefined) query = query.where('contest_id', '=', contestId);
  return query.execute();
}

export type AttemptCounts = Awaited<ReturnType<typeof attemptCounts>>[number];

export function examChoices(db: Db) {
  return db
    .selectFrom('exams')
    .select(['id', 'title', 'subject', 'template', 'duration_seconds'])
    .orderBy('title')
    .limit(500)
    .execute();
}

/** Each exam's maximum (the sum of its questions' points, in thousandths). */
export function examMaxima(db: Db) {
  return db
    .selectFrom('exam_questions')
    .select((eb) => ['exam_id', eb.fn.sum<number | string>('points').as('max')])
    .groupBy('exam_id')
    .execute();
}

export function updateContest(db: Db, id: number, values: Updateable<ExamContestsTable>) {
  return db.updateTable('exam_contests').set(values).where('id', '=', id).execute();
}

/** A candidate's name and contacts (the accounts' `contactsOf`). */
export interface CandidateContact {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
}

/** The rows whose candidate is known, each with the candidate's name, phone and email. */
export function withContacts<R extends { user_id: number }>(rows: R[], contacts: CandidateContact[]) {
  const byId = new Map(contacts.map((c) => [c.id, c]));
  return rows.flatMap((row) => {
    const c = byId.get(row.user_id);
    return c ? [{ ...row, full_name: c.full_name, phone: c.phone, email: c.email }] : [];
  });
}

/** Submitted attempts for the results table: each candidate's first (ranked) or every one (then `withContacts`). */
export function resultRows(db: Db, contestId: number, firstOnly: boolean) {
  let query = db
    .selectFrom('exam_attempts as a')
    .select([
      'a.id',
      'a.user_id',
      'a.attempt_no',
      'a.score',
      'a.max_score',
      'a.time_used_seconds',
      'a.submitted_at',
      'a.submitted_by',
    ])
    .where('a.contest_id', '=', contestId)
    .where('a.status', '=', 'submitted');
  if (firstOnly) query = query.where('a.attempt_no', '=', 1);
  return query.orderBy('a.score', 'desc').orderBy('a.time_used_seconds').orderBy('a.id').execute();
}

/** Points earned per attempt and part (submitted attempts of one contest). */
export function partScores(db: Db, contestId: number) {
  return db
    .selectFrom('exam_answers as ans')
    .innerJoin('exam_attempts as a', 'a.id', 'ans.attempt_id')
    .innerJoin('exam_questions as q', 'q.id', 'ans.question_id')
    .select((eb) => ['ans.attempt_id', 'q.part_id', eb.fn.sum<number | string>('ans.points_awarded').as('points')])
    .where('a.contest_id', '=', contestId)
    .where('a.status', '=', 'submitted')
    .groupBy(['ans.attempt_id', 'q.part_id'])
    .execute();
}

/** Every saved answer of the contest's submitted attempts (item analysis). */
export function submittedAnswers(db: Db, contestId: number) {
  return db
    .selectFrom('exam_answers as ans')
    .innerJoin('exam_attempts as a', 'a.id', 'ans.attempt_id')
    .select(['ans.attempt_id', 'ans.question_id', 'ans.answer'])
    .where('a.contest_id', '=', contestId)
    .where('a.status', '=', 'submitted')
    .execute();
}

/** Submitted attempts of every contest of an exam, with their score (before and after a re-grade). */
export function examScores(db: Db, examId: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exam_contests as c', 'c.id', 'a.contest_id')
    .select(['a.id', 'a.user_id', 'a.score', 'a.max_score', 'c.slug', 'c.title'])
    .where('c.exam_id', '=', examId)
    .where('a.status', '=', 'submitted')
    .orderBy('a.id')
    .execute();
}

/** A question with what a key correction needs. */
export function findQuestion(db: Db, questionId: number) {
  return db
    .selectFrom('exam_questions as q')
    .innerJoin('exam_parts as p', 'p.id', 'q.part_id')
    .select(['q.id', 'q.exam_id', 'q.position', 'q.type', 'q.answer_key', 'q.options', 'p.answer_boxes'])
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}
