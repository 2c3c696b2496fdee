/** Quiz settings, questions, options and attempts. */
import type { Db } from '../../kernel/db/index.ts';

export function findQuiz(db: Db, lessonId: number) {
  return db.selectFrom('quizzes').selectAll().where('lesson_id', '=', lessonId).executeTakeFirst();
}

/** Takes the quiz row's lock until the transaction ends (a no-op write): starts are counted one at a time. */
export async function lockQuiz(db: Db, lessonId: number): Promise<void> {
  await db
    .updateTable('quizzes')
    .set((eb) => ({ pass_percent: eb.ref('pass_percent') }))
    .where('lesson_id', '=', lessonId)
    .execute();
}

export function listQuestions(db: Db, lessonId: number) {
  return db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listOptions(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quiz_options')
    .selectAll()
    .where('question_id', 'in', questionIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listAttempts(db: Db, userId: number, lessonId: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .orderBy('id', 'desc')
    .execute();
}

export function findAttempt(db: Db, userId: number, attemptId: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertAttempt(
  db: Db,
  attempt: {
    lessonId: number;
    userId: number;
    questionOrder: number[];
    startedAt: string;
    deadlineAt: string | null;
  },
) {
  return db
    .insertInto('quiz_attempts')
    .values({
      lesson_id: attempt.lessonId,
      user_id: attempt.userId,
      question_order: JSON.stringify(attempt.questionOrder),
      question_count: attempt.questionOrder.length,
      started_at: attempt.startedAt,
      deadline_at: attempt.deadlineAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Records the result once: false when the attempt was already submitted (a double submit). */
export async function recordResult(
  db: Db,
  attemptId: number,
  result: {
    answers: Record<number, number[]>;
    correctCount: number;
    scorePercent: number;
    passed: boolean;
    timedOut: boolean;
    submittedAt: string;
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('quiz_attempts')
    .set({
      answers: JSON.stringify(result.answers),
      correct_count: result.correctCount,
      score_percent: result.scorePercent,
      passed: result.passed ? 1 : 0,
      timed_out: result.timedOut ? 1 : 0,
      submitted_at: result.submittedAt,
    })
    .where('id', '=', attemptId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A quiz with its questions and options (factories, the studio). */
export async function insertQuiz(
  db: Db,
  quiz: {
    lessonId: number;
    passPercent: number;
    maxAttempts: number | null;
    timeLimitSeconds: number | null;
    shuffle: boolean;
  },
  questions: {
    kind: 'single' | 'multiple';
    prompt: string;
    explanation: string | null;
    options: { label: string; correct: boolean }[];
  }[],
  now: string,
) {
  await db
    .insertInto('quizzes')
    .values({
      lesson_id: quiz.lessonId,
      pass_percent: quiz.passPercent,
      max_attempts: quiz.maxAttempts,
      time_limit_seconds: quiz.timeLimitSeconds,
      shuffle: quiz.shuffle ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const ids: number[] = [];
  for (const [position, question] of questions.entries()) {
    const { id } = await db
      .insertInto('quiz_questions')
      .values({
        lesson_id: quiz.lessonId,
        kind: question.kind,
        prompt: question.prompt,
        explanation: question.explanation,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await db
      .insertInto('quiz_options')
      .values(
        question.options.map((option, index) => ({
          question_id: id,
          label: option.label,
          is_correct: option.correct ? 1 : 0,
          position: index,
        })),
      )
      .execute();
  }
  return ids;
}
