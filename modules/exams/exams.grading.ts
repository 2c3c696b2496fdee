/**
 * Closing and grading attempts. An attempt closes once — by the candidate, by the deadline runner,
 * or lazily by whichever read finds it past its deadline — under a per-attempt lock; a save writes
 * only while the attempt is open, in one statement that on PostgreSQL holds a share lock on the
 * attempt row (repository saveAnswerIfOpen), so no save lands after the grading read. Re-grading recomputes every submitted
 * attempt of a contest after a key correction (ranks follow, as they are computed from scores).
 */
import { lockWithinTransaction, readDate } from '../../db/connect.ts';
import type { Db } from '../../kernel/db/index.ts';
import * as repo from './exams.repository.ts';
import { gradeAnswer, type Answer, type Key, type PartScoring, type QuestionType } from './exams.scoring.ts';
import type { AttemptRow } from './exams.table.ts';

/** Answers this late after the deadline still count (a slow phone network); then the attempt closes. */
export const ANSWER_GRACE_MS = 10_000;
/** The advisory-lock namespace of attempts (closing, re-grading; PostgreSQL: SQLite transactions are already serial). */
const ATTEMPT_LOCK = 1_700_017;

/** Runs work in a transaction, or in the caller's one (the seed writes everything in one). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export function lockAttempt(trx: Db, attemptId: number) {
  return lockWithinTransaction(trx as never, ATTEMPT_LOCK, attemptId);
}

export function parseKey(type: QuestionType, stored: string): Key {
  return { type, correct: JSON.parse(stored) } as Key;
}

export interface GradedQuestion {
  awarded: number;
  statementsRight?: number;
}

/** Grades every saved answer of an attempt, writes the points and the total; returns the per-question grades. */
export async function gradeAttempt(db: Db, attempt: Pick<AttemptRow, 'id'>, examId: number) {
  const [parts, questions, answers] = await Promise.all([
    repo.listParts(db, examId),
    repo.listQuestions(db, examId),
    repo.listAnswers(db, attempt.id),
  ]);
  const scoringOf = new Map<number, PartScoring>(parts.map((part) => [part.id, part.scoring]));
  const byQuestion = new Map(answers.map((answer) => [answer.question_id, answer]));
  let total = 0;
  const changed: { questionId: number; points: number }[] = [];
  for (const question of questions) {
    const saved = byQuestion.get(question.id);
    if (!saved) continue;
    const graded = gradeAnswer(
      parseKey(question.type, question.answer_key),
      JSON.parse(saved.answer) as Answer,
      question.points,
      scoringOf.get(question.part_id) ?? 'all_or_nothing',
    );
    total += graded.awarded;
    if (saved.points_awarded !== graded.awarded) changed.push({ questionId: question.id, points: graded.awarded });
  }
  await repo.setAnswersPoints(db, attempt.id, changed);
  await repo.setAttemptScore(db, attempt.id, Math.round(total));
  return total;
}

export function createGrader(db: Db, now: () => Date) {
  /**
   * Closes an open attempt and grades it; false when it was already closed. A deadline close is
   * dated at the deadline; a candidate's submission at the time it arrives (never past the deadline).
   */
  async function close(attemptId: number, by: 'candidate' | 'deadline'): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      await lockAttempt(trx, attemptId);
      const attempt = await repo.findAttempt(trx, attemptId);
      if (!attempt || attempt.status !== 'open') return false;
      const contest = await repo.findContest(trx, { id: attempt.contest_id });
      const started = readDate(attempt.started_at).getTime();
      const deadline = readDate(attempt.deadline_at).getTime();
      const at = by === 'deadline' ? deadline : Math.min(now().getTime(), deadline);
      const closed = await repo.closeAttempt(trx, attemptId, {
        submitted_at: new Date(at).toISOString(),
        submitted_by: by,
        time_used_seconds: Math.max(0, Math.ceil((at - started) / 1000)),
      });
      if (closed === 0) return false;
      await gradeAttempt(trx, attempt, contest!.exam_id);
      return true;
    });
  }

  /** Whether this open attempt is past its deadline and grace. */
  function isDue(attempt: Pick<AttemptRow, 'status' | 'deadline_at'>): boolean {
    return attempt.status === 'open' && now().getTime() > readDate(attempt.deadline_at).getTime() + ANSWER_GRACE_MS;
  }

  /** Closes every due attempt (the runner: all contests; a read: one contest). Returns how many closed. */
  async function closeDue(contestId?: number, limit = 500): Promise<number> {
    const before = new Date(now().getTime() - ANSWER_GRACE_MS).toISOString();
    let closed = 0;
    for (const { id } of await repo.listDueAttempts(db, before, limit, contestId)) {
      if (await close(id, 'deadline')) closed += 1;
    }
    return closed;
  }

  /** Re-grades every submitted attempt of a contest (after a key correction). */
  async function regradeContest(contestId: number): Promise<number> {
    const contest = await repo.findContest(db, { id: contestId });
    if (!contest) return 0;
    const attempts = await repo.listSubmittedAttempts(db, contestId);
    for (const attempt of attempts) {
      await inTransaction(db, async (trx) => {
        await lockAttempt(trx, attempt.id);
        await gradeAttempt(trx, attempt, contest.exam_id);
      });
    }
    return attempts.length;
  }

  return { close, isDue, closeDue, regradeContest };
}

export type Grader = ReturnType<typeof createGrader>;
