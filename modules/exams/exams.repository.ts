/** Queries of the exams module's own tables; every function takes the database (or a transaction) first. */
import { sql, type Insertable, type RawBuilder } from 'kysely';
import { compiledOnce } from '../../db/connect.ts';
import { isPostgres } from '../../db/migrations/columns.ts';
import type { Db } from '../../kernel/db/index.ts';
import type {
  ExamAttemptsTable,
  ExamContestsTable,
  ExamPartsTable,
  ExamPassagesTable,
  ExamQuestionsTable,
  ExamsTable,
} from './exams.table.ts';

export async function insertExam(db: Db, values: Insertable<ExamsTable>) {
  return (await db.insertInto('exams').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertPart(db: Db, values: Insertable<ExamPartsTable>) {
  return (await db.insertInto('exam_parts').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertPassage(db: Db, values: Insertable<ExamPassagesTable>) {
  return (await db.insertInto('exam_passages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertQuestion(db: Db, values: Insertable<ExamQuestionsTable>) {
  return (await db.insertInto('exam_questions').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertContest(db: Db, values: Insertable<ExamContestsTable>) {
  return (await db.insertInto('exam_contests').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function findExam(db: Db, by: { id: number } | { slug: string }) {
  const query = db.selectFrom('exams').selectAll();
  return ('id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug)).executeTakeFirst();
}

export function listParts(db: Db, examId: number) {
  return db.selectFrom('exam_parts').selectAll().where('exam_id', '=', examId).orderBy('position').execute();
}

export function listPassages(db: Db, examId: number) {
  return db.selectFrom('exam_passages').selectAll().where('exam_id', '=', examId).orderBy('id').execute();
}

export function listQuestions(db: Db, examId: number) {
  return db.selectFrom('exam_questions').selectAll().where('exam_id', '=', examId).orderBy('position').execute();
}

/** One question with what a save needs of its part. */
export function findQuestionForSave(db: Db, questionId: number) {
  return db
    .selectFrom('exam_questions as q')
    .innerJoin('exam_parts as p', 'p.id', 'q.part_id')
    .select(['q.id', 'q.exam_id', 'q.type', 'q.options', 'p.answer_boxes'])
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}

export function updateQuestionKey(db: Db, questionId: number, answerKey: string, updatedAt: string) {
  return db
    .updateTable('exam_questions')
    .set({ answer_key: answerKey, updated_at: updatedAt })
    .where('id', '=', questionId)
    .executeTakeFirst();
}

export function findContest(db: Db, by: { id: number } | { slug: string }) {
  const query = db
    .selectFrom('exam_contests as c')
    .innerJoin('exams as e', 'e.id', 'c.exam_id')
    .selectAll('c')
    .select(['e.slug as exam_slug', 'e.title as exam_title', 'e.subject', 'e.template']);
  return ('id' in by ? query.where('c.id', '=', by.id) : query.where('c.slug', '=', by.slug)).executeTakeFirst();
}

export type ContestWithExam = NonNullable<Awaited<ReturnType<typeof findContest>>>;

export function listContests(db: Db, filter: { subject?: string | undefined }) {
  let query = db
    .selectFrom('exam_contests as c')
    .innerJoin('exams as e', 'e.id', 'c.exam_id')
    .selectAll('c')
    .select(['e.slug as exam_slug', 'e.title as exam_title', 'e.subject', 'e.template']);
  if (filter.subject) query = query.where('e.subject', '=', filter.subject);
  return query.orderBy('c.opens_at', 'desc').orderBy('c.id').limit(500).execute();
}

export function findContestsOfExam(db: Db, examId: number) {
  return db.selectFrom('exam_contests').select(['id', 'slug', 'kind']).where('exam_id', '=', examId).execute();
}

export function findAttempt(db: Db, attemptId: number) {
  return db.selectFrom('exam_attempts').selectAll().where('id', '=', attemptId).executeTakeFirst();
}

export function listAttemptsOf(db: Db, contestId: number, userId: number) {
  return db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .orderBy('attempt_no')
    .execute();
}

/** The new attempt's row, as stored (one statement). */
export function insertAttempt(db: Db, values: Insertable<ExamAttemptsTable>) {
  return db.insertInto('exam_attempts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listAnswers(db: Db, attemptId: number) {
  return db
    .selectFrom('exam_answers')
    .select(['question_id', 'answer', 'seq', 'points_awarded'])
    .where('attempt_id', '=', attemptId)
    .execute();
}

/**
 * What a save needs, in one read: the attempt, its contest's exam and shuffle, and the question with
 * its part's answer boxes (question fields null when there is no such question).
 */
export function findSaveTarget(db: Db, attemptId: number, questionId: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exam_contests as c', 'c.id', 'a.contest_id')
    .leftJoin('exam_questions as q', (join) => join.on('q.id', '=', questionId))
    .leftJoin('exam_parts as p', 'p.id', 'q.part_id')
    .selectAll('a')
    .select([
      'c.exam_id as contest_exam_id',
      'c.shuffle',
      'q.id as question_id',
      'q.exam_id as question_exam_id',
      'q.type as question_type',
      'q.options as question_options',
      'p.answer_boxes',
    ])
    .where('a.id', '=', attemptId)
    .executeTakeFirst();
}

export interface SavedAnswer {
  answer: string;
  seq: number;
  saved_at: Date | string;
}

/**
 * Writes an answer in one statement, only while the attempt is open and unless this question already
 * holds one saved with a higher or equal seq; returns it, or nothing when it was not written. On
 * PostgreSQL the statement holds a share lock on the attempt row until it commits, so a closing
 * attempt (its UPDATE, then the grading read) either waits for the save or is seen by it as closed;
 * SQLite runs one statement at a time.
 */
export async function saveAnswerIfOpen(
  db: Db,
  values: { attempt_id: number; question_id: number; answer: string; seq: number; saved_at: string },
): Promise<SavedAnswer | undefined> {
  const lock = isPostgres(db as never) ? sql` for share of a` : sql``;
  const { rows } = await sql<SavedAnswer>`insert into exam_answers (attempt_id, question_id, answer, seq, saved_at)
    select a.id, ${values.question_id}, ${values.answer}, ${values.seq}, ${values.saved_at}
    from exam_attempts a where a.id = ${values.attempt_id} and a.status = 'open'${lock}
    on conflict (attempt_id, question_id) do update
    set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
    where exam_answers.seq < excluded.seq
    returning answer, seq, saved_at`.execute(db);
  return rows[0];
}

/** The accounts module's live-session condition (sessions.liveSessionCondition), embedded in a save. */
export type LiveSessionCondition = (
  sessionId: RawBuilder<unknown>,
  userId: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
) => RawBuilder<boolean>;

/** What the one-statement save checks and writes; the layout facts are those the answer was mapped with. */
export type DirectSaveValues = Record<
  | 'attempt_id'
  | 'user_id'
  | 'session_id'
  | 'shuffle_seed'
  | 'shuffle'
  | 'exam_id'
  | 'question_id'
  | 'question_type'
  | 'question_options'
  | 'answer_boxes'
  | 'answer'
  | 'seq'
  | 'saved_at'
  | 'open_after',
  unknown
>;

/**
 * The whole save in one statement (one round trip on PostgreSQL): the session is live and the
 * candidate's (the accounts module's condition), the attempt is theirs, open and not past its
 * deadline and grace (`open_after` = now − grace), the question belongs to the attempt's exam, and
 * the facts the answer was mapped with (shuffle seed and switch, the question's type, options and
 * answer boxes) are still the stored ones; then the same guarded upsert as saveAnswerIfOpen, with
 * the same share lock on PostgreSQL. No row back means any of these failed, or the seq was not
 * higher: the caller then takes the path that tells which.
 */
export function directSaveStatement(db: Db, liveSession: LiveSessionCondition) {
  const lock = isPostgres(db as never) ? sql` for share of a` : sql``;
  return compiledOnce<SavedAnswer, keyof DirectSaveValues>(
    db,
    (p) => sql<SavedAnswer>`insert into exam_answers (attempt_id, question_id, answer, seq, saved_at)
    select a.id, q.id, ${p('answer')}, ${p('seq')}, ${p('saved_at')}
    from exam_attempts a
    inner join exam_contests c on c.id = a.contest_id
    inner join exam_questions q on q.id = ${p('question_id')} and q.exam_id = c.exam_id
    inner join exam_parts qp on qp.id = q.part_id
    where a.id = ${p('attempt_id')} and a.user_id = ${p('user_id')} and a.status = 'open'
      and a.deadline_at >= ${p('open_after')} and a.shuffle_seed = ${p('shuffle_seed')}
      and c.shuffle = ${p('shuffle')} and c.exam_id = ${p('exam_id')} and q.type = ${p('question_type')}
      and q.options = ${p('question_options')} and coalesce(qp.answer_boxes, -1) = ${p('answer_boxes')}
      and ${liveSession(p('session_id'), sql`a.user_id`, p('saved_at'))}${lock}
    on conflict (attempt_id, question_id) do update
    set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
    where exam_answers.seq < excluded.seq
    returning answer, seq, saved_at`,
  );
}

export function findAnswer(db: Db, attemptId: number, questionId: number): Promise<SavedAnswer> {
  return db
    .selectFrom('exam_answers')
    .select(['answer', 'seq', 'saved_at'])
    .where('attempt_id', '=', attemptId)
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
}

/** Closes an open attempt; 0 rows when someone else closed it first. */
export async function closeAttempt(
  db: Db,
  attemptId: number,
  values: { submitted_at: string; submitted_by: 'candidate' | 'deadline'; time_used_seconds: number },
) {
  const result = await db
    .updateTable('exam_attempts')
    .set({ status: 'submitted', ...values })
    .where('id', '=', attemptId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function setAttemptScore(db: Db, attemptId: number, score: number) {
  return db.updateTable('exam_attempts').set({ score }).where('id', '=', attemptId).execute();
}

/** Writes the points of several answers of an attempt in one statement. */
export async function setAnswersPoints(db: Db, attemptId: number, marks: { questionId: number; points: number }[]) {
  if (marks.length === 0) return;
  const cases = sql.join(
    marks.map((mark) => sql`when ${mark.questionId} then cast(${mark.points} as integer)`),
    sql` `,
  );
  const ids = sql.join(marks.map((mark) => mark.questionId));
  await sql`update exam_answers set points_awarded = case question_id ${cases} end
    where attempt_id = ${attemptId} and question_id in (${ids})`.execute(db);
}

/** Open attempts whose deadline (and grace) has passed, oldest first. */
export function listDueAttempts(db: Db, before: string, limit: number, contestId?: number) {
  let query = db
    .selectFrom('exam_attempts')
    .select('id')
    .where('status', '=', 'open')
    .where('deadline_at', '<', before);
  if (contestId !== undefined) query = query.where('contest_id', '=', contestId);
  return query.orderBy('deadline_at').limit(limit).execute();
}

export function listSubmittedAttempts(db: Db, contestId: number) {
  return db
    .selectFrom('exam_attempts')
    .select('id')
    .where('contest_id', '=', contestId)
    .where('status', '=', 'submitted')
    .execute();
}

/**
 * Where a score and time used stand among the contest's ranked attempts (each candidate's first
 * submitted one): how many there are, and how many did strictly better (a higher score, or the same
 * and faster). Counted by the database: one submission no longer reads the whole ranking.
 */
export async function standingOf(db: Db, contestId: number, score: number, timeUsedSeconds: number) {
  const row = await db
    .selectFrom('exam_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().as('candidates'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.or([
                eb('score', '>', score),
                eb.and([eb('score', '=', score), eb('time_used_seconds', '<', timeUsedSeconds)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('better'),
    ])
    .where('contest_id', '=', contestId)
    .where('status', '=', 'submitted')
    .where('attempt_no', '=', 1)
    .executeTakeFirstOrThrow();
  return { candidates: Number(row.candidates), better: Number(row.better ?? 0) };
}

/** Each candidate's first submitted attempt, best first: score, then time used. */
export function rankingRows(db: Db, contestId: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'a.score', 'a.max_score', 'a.time_used_seconds', 'a.submitted_at', 'u.full_name'])
    .where('a.contest_id', '=', contestId)
    .where('a.status', '=', 'submitted')
    .where('a.attempt_no', '=', 1)
    .orderBy('a.score', 'desc')
    .orderBy('a.time_used_seconds')
    .orderBy('a.id')
    .execute();
}

/** The contest an exam_gate post presents (a ranked contest before a practice room). */
export function findContestSlugOfPost(db: Db, postId: number) {
  return db
    .selectFrom('exam_contests')
    .select('slug')
    .where('post_id', '=', postId)
    .orderBy('kind')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
