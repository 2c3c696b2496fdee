/**
 * Saving answers: idempotent and order-proof by seq, refused after the deadline and grace, only in
 * the candidate's own open attempt (decision 0010, "Saves and seq" and "Performance").
 *
 * Two paths with the same outcome. The direct one is a single statement (repository
 * directSaveStatement) that checks the session, the attempt, the deadline and the question and
 * writes the answer: one round trip, no session lookup before it. To map the candidate's letters to
 * the exam's before writing, it uses what an earlier save of the attempt and of the question read —
 * facts that never change for an attempt (owner, seed, exam) and the question's layout facts, all of
 * them compared with the stored ones inside the statement, so a stale memory can only send a save to
 * the other path, never write a wrong answer. The other path — the first save of an attempt or a
 * question, a seq not higher than the stored one, a closed or past-deadline attempt, a session that
 * no longer checks out, another candidate's attempt — looks the session up as every other route
 * does, reads the attempt and the question and says exactly what happened.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { iso } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ANSWER_GRACE_MS, type Grader } from './exams.grading.ts';
import { toShownAnswer, toStoredAnswer, type Layout } from './exams.present.ts';
import * as repo from './exams.repository.ts';
import type { Answer, QuestionType } from './exams.scoring.ts';

export interface SaveInput {
  attempt_id: number;
  question_id: number;
  answer: Answer;
  seq: number;
}

/** A signed-in caller whose session the save checks itself (the HTTP layer's `sessionClaim`). */
export interface SaveCaller {
  userId: number;
  sessionId: string;
  /** The usual session lookup: the viewer's id, or null when the session does not check out. */
  confirm(): Promise<{ id: number } | null>;
}

interface AttemptFacts {
  userId: number;
  examId: number;
  layout: Layout;
}

interface QuestionFacts {
  id: number;
  examId: number;
  type: QuestionType;
  options: string;
  answer_boxes: number | null;
}

/** Attempts and questions remembered for the direct path (oldest forgotten first beyond). */
const ATTEMPTS_KEPT = 50_000;
const QUESTIONS_KEPT = 20_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number) {
  if (!map.has(key) && map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export function createSaves(deps: {
  db: Kysely<Database>;
  grader: Grader;
  now: () => Date;
  liveSession?: repo.LiveSessionCondition | undefined;
}) {
  const { db, grader, now } = deps;
  const directSave = deps.liveSession ? repo.directSaveStatement(db, deps.liveSession) : undefined;
  const attempts = new Map<number, AttemptFacts>();
  const questions = new Map<number, QuestionFacts>();
  const afterDeadline = 'Đã hết giờ làm bài: câu trả lời gửi sau giờ nộp bài không được ghi nhận.';

  function shown(question: QuestionFacts, layout: Layout, input: SaveInput, saved: repo.SavedAnswer) {
    return {
      question_id: question.id,
      seq: saved.seq,
      applied: saved.seq === input.seq,
      answer: toShownAnswer(question, JSON.parse(saved.answer), layout),
      saved_at: iso(saved.saved_at),
    };
  }

  /** The direct path; undefined when it does not apply or wrote nothing (the checked path decides). */
  async function direct(caller: SaveCaller, input: SaveInput) {
    const attempt = attempts.get(input.attempt_id);
    const question = questions.get(input.question_id);
    if (!directSave || !attempt || !question || attempt.userId !== caller.userId || attempt.examId !== question.examId)
      return undefined;
    let stored: Answer;
    try {
      stored = toStoredAnswer(question, input.answer, attempt.layout);
    } catch {
      return undefined; // The checked path refuses it, after the session is confirmed.
    }
    const at = now();
    const [saved] = await directSave({
      attempt_id: input.attempt_id,
      user_id: caller.userId,
      session_id: caller.sessionId,
      shuffle_seed: attempt.layout.seed,
      shuffle: attempt.layout.shuffle ? 1 : 0,
      exam_id: attempt.examId,
      question_id: question.id,
      question_type: question.type,
      question_options: question.options,
      answer_boxes: question.answer_boxes ?? -1,
      answer: JSON.stringify(stored),
      seq: input.seq,
      saved_at: at.toISOString(),
      open_after: new Date(at.getTime() - ANSWER_GRACE_MS).toISOString(),
    });
    return saved && shown(question, attempt.layout, input, saved);
  }

  /** A save that was not written: refused when the attempt closed meanwhile, else the answer stored (a higher or equal seq). */
  async function unappliedSave(attemptId: number, questionId: number) {
    if ((await repo.findAttempt(db, attemptId))?.status !== 'open') throw new AppError('BUSINESS_RULE', afterDeadline);
    return repo.findAnswer(db, attemptId, questionId);
  }

  /** The checked path: one read (the attempt, its contest, the question) and one conditional write. */
  async function checked(userId: number, input: SaveInput) {
    let target = await repo.findSaveTarget(db, input.attempt_id, input.question_id);
    if (!target || target.user_id !== userId) throw new AppError('NOT_FOUND', 'Không tìm thấy lượt làm bài.');
    if (grader.isDue(target)) {
      await grader.close(target.id, 'deadline');
      target = (await repo.findSaveTarget(db, input.attempt_id, input.question_id))!;
    }
    if (target.status !== 'open') {
      throw new AppError(
        'BUSINESS_RULE',
        target.submitted_by === 'deadline' ? afterDeadline : 'Bài đã nộp: không thể thay đổi câu trả lời.',
      );
    }
    if (target.question_id === null || target.question_exam_id !== target.contest_exam_id)
      throw new AppError('NOT_FOUND', 'Câu hỏi không thuộc đề thi này.');
    const question: QuestionFacts = {
      id: target.question_id,
      examId: target.contest_exam_id,
      type: target.question_type!,
      options: target.question_options!,
      answer_boxes: target.answer_boxes,
    };
    const layout = { seed: target.shuffle_seed, shuffle: target.shuffle === 1 };
    remember(attempts, target.id, { userId, examId: target.contest_exam_id, layout }, ATTEMPTS_KEPT);
    remember(questions, question.id, question, QUESTIONS_KEPT);
    const stored = toStoredAnswer(question, input.answer, layout);
    const saved =
      (await repo.saveAnswerIfOpen(db, {
        attempt_id: target.id,
        question_id: question.id,
        answer: JSON.stringify(stored),
        seq: input.seq,
        saved_at: now().toISOString(),
      })) ?? (await unappliedSave(target.id, question.id));
    return shown(question, layout, input, saved);
  }

  /**
   * Saves an answer for a caller whose session the save checks (the API), or for a user id already
   * checked (null: nobody signed in).
   */
  async function saveAnswer(caller: SaveCaller | number | null, input: SaveInput) {
    if (caller !== null && typeof caller === 'object') {
      const saved = await direct(caller, input);
      if (saved) return saved;
    }
    const userId = caller !== null && typeof caller === 'object' ? ((await caller.confirm())?.id ?? null) : caller;
    if (userId === null) throw new AppError('UNAUTHENTICATED', 'Đăng nhập để làm bài thi và lưu kết quả.');
    return checked(userId, input);
  }

  return { saveAnswer };
}
