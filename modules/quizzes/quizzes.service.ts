/**
 * Quizzes of exam lessons: the questions without their answers, attempts (limited, timed on the
 * server), grading and the review, which exists only once an attempt is submitted.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LessonAccessService } from '../learning/lesson-access.ts';
import * as repo from './quizzes.repository.ts';

/** A submission this late after the deadline still counts (network delay on slow phones). */
export const SUBMIT_GRACE_MS = 15_000;

type QuestionRow = Awaited<ReturnType<typeof repo.listQuestions>>[number];
type OptionRow = Awaited<ReturnType<typeof repo.listOptions>>[number];
type AttemptRow = NonNullable<Awaited<ReturnType<typeof repo.findAttempt>>>;

export interface QuizzesDeps {
  db: Kysely<Database>;
  lessonAccess: LessonAccessService;
  /** Called once per passing submission (the progress service completes the lesson). */
  onQuizPassed?: (userId: number, lessonId: number) => Promise<void> | void;
  now?: () => Date;
}

export type QuizzesService = ReturnType<typeof createQuizzesService>;

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function attemptSummary(row: AttemptRow) {
  return {
    id: row.id,
    started_at: readDate(row.started_at).toISOString(),
    deadline_at: row.deadline_at === null ? null : readDate(row.deadline_at).toISOString(),
    submitted_at: row.submitted_at === null ? null : readDate(row.submitted_at).toISOString(),
    score_percent: row.score_percent,
    correct_count: row.correct_count,
    question_count: row.question_count,
    passed: row.passed === null ? null : row.passed === 1,
    timed_out: row.timed_out === 1,
  };
}

/** Whether the chosen options are exactly the correct ones (a single-choice question takes one). */
export function isAnswerCorrect(kind: 'single' | 'multiple', chosen: number[], correct: number[]): boolean {
  if (kind === 'single' && chosen.length !== 1) return false;
  return chosen.length === correct.length && chosen.every((id) => correct.includes(id));
}

export function createQuizzesService({ db, lessonAccess, onQuizPassed, now = () => new Date() }: QuizzesDeps) {
  async function loadQuiz(lessonId: number) {
    const quiz = await repo.findQuiz(db, lessonId);
    if (!quiz) throw new AppError('NOT_FOUND', 'Bài kiểm tra này chưa có câu hỏi.');
    const questions = await repo.listQuestions(db, lessonId);
    const options = await repo.listOptions(
      db,
      questions.map((question) => question.id),
    );
    const byQuestion = new Map<number, OptionRow[]>();
    for (const option of options)
      byQuestion.set(option.question_id, [...(byQuestion.get(option.question_id) ?? []), option]);
    return { quiz, questions, optionsOf: (questionId: number) => byQuestion.get(questionId) ?? [] };
  }

  type Loaded = Awaited<ReturnType<typeof loadQuiz>>;

  function inOrder(loaded: Loaded, order: number[] | null): QuestionRow[] {
    if (!order) return loaded.questions;
    const byId = new Map(loaded.questions.map((question) => [question.id, question]));
    return order.map((id) => byId.get(id)).filter((question): question is QuestionRow => Boolean(question));
  }

  /** Questions as a learner sees them before submitting: never the correct flags or explanations. */
  function publicQuestions(loaded: Loaded, order: number[] | null) {
    return inOrder(loaded, order).map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      options: loaded.optionsOf(question.id).map((option) => ({ id: option.id, label: option.label })),
    }));
  }

  function review(loaded: Loaded, attempt: AttemptRow) {
    const answers = JSON.parse(attempt.answers ?? '{}') as Record<string, number[]>;
    return inOrder(loaded, JSON.parse(attempt.question_order) as number[]).map((question) => {
      const options = loaded.optionsOf(question.id);
      const chosen = answers[String(question.id)] ?? [];
      const correct = options.filter((option) => option.is_correct === 1).map((option) => option.id);
      return {
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        explanation: question.explanation,
        correct: isAnswerCorrect(question.kind, chosen, correct),
        options: options.map((option) => ({
          id: option.id,
          label: option.label,
          is_correct: option.is_correct === 1,
          chosen: chosen.includes(option.id),
        })),
      };
    });
  }

  function isExpired(attempt: AttemptRow, at: Date): boolean {
    return attempt.deadline_at !== null && at.getTime() > readDate(attempt.deadline_at).getTime() + SUBMIT_GRACE_MS;
  }

  /** Grades and records an attempt; a late one is recorded with no answers (timed out). */
  async function grade(loaded: Loaded, attempt: AttemptRow, submitted: Record<number, number[]>, at: Date) {
    const timedOut = isExpired(attempt, at);
    const answers: Record<number, number[]> = {};
    let correctCount = 0;
    for (const question of inOrder(loaded, JSON.parse(attempt.question_order) as number[])) {
      const options = loaded.optionsOf(question.id);
      const valid = new Set(options.map((option) => option.id));
      const chosen = timedOut ? [] : [...new Set(submitted[question.id] ?? [])].filter((id) => valid.has(id));
      answers[question.id] = chosen;
      const correct = options.filter((option) => option.is_correct === 1).map((option) => option.id);
      if (isAnswerCorrect(question.kind, chosen, correct)) correctCount += 1;
    }
    const scorePercent = attempt.question_count === 0 ? 0 : Math.round((correctCount * 100) / attempt.question_count);
    const passed = !timedOut && scorePercent >= loaded.quiz.pass_percent;
    const submittedAt = timedOut && attempt.deadline_at ? readDate(attempt.deadline_at) : at;
    const recorded = await repo.recordResult(db, attempt.id, {
      answers,
      correctCount,
      scorePercent,
      passed,
      timedOut,
      submittedAt: submittedAt.toISOString(),
    });
    if (!recorded) throw new AppError('CONFLICT', 'Bài làm này đã được nộp.');
    return { passed, timedOut };
  }

  async function openAttempts(userId: number, lessonId: number, loaded: Loaded, at: Date) {
    const attempts = await repo.listAttempts(db, userId, lessonId);
    // Attempts left open past their time are closed as timed out before anything is counted.
    for (const attempt of attempts.filter((row) => row.submitted_at === null && isExpired(row, at))) {
      await grade(loaded, attempt, {}, at).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
    return repo.listAttempts(db, userId, lessonId);
  }

  function describe(loaded: Loaded, attempts: AttemptRow[], lessonId: number, title: string) {
    const open = attempts.find((attempt) => attempt.submitted_at === null) ?? null;
    const max = loaded.quiz.max_attempts;
    return {
      lesson_id: lessonId,
      title,
      pass_percent: loaded.quiz.pass_percent,
      max_attempts: max,
      time_limit_seconds: loaded.quiz.time_limit_seconds,
      question_count: loaded.questions.length,
      attempts_left: max === null ? null : Math.max(0, max - attempts.length),
      passed: attempts.some((attempt) => attempt.passed === 1),
      attempts: attempts.filter((attempt) => attempt.submitted_at !== null).map(attemptSummary),
      open_attempt: open ? attemptSummary(open) : null,
      questions: publicQuestions(loaded, open ? (JSON.parse(open.question_order) as number[]) : null),
    };
  }

  return {
    /** The quiz for an enrolled learner: settings, questions without answers, past attempts. */
    async getQuiz(userId: number | null, lessonId: number) {
      const access = await lessonAccess.requireEnrolled(userId, lessonId);
      const loaded = await loadQuiz(lessonId);
      const attempts = await openAttempts(userId!, lessonId, loaded, now());
      return describe(loaded, attempts, lessonId, access.lesson.title);
    },

    /** Starts an attempt (or returns the one still open); refused when no attempt is left. */
    async start(userId: number | null, lessonId: number) {
      const access = await lessonAccess.requireEnrolled(userId, lessonId);
      const learnerId = userId!;
      const loaded = await loadQuiz(lessonId);
      const at = now();
      await openAttempts(learnerId, lessonId, loaded, at);
      await db.transaction().execute(async (trx) => {
        await repo.lockQuiz(trx, lessonId);
        const attempts = await repo.listAttempts(trx, learnerId, lessonId);
        if (attempts.some((attempt) => attempt.submitted_at === null)) return;
        const max = loaded.quiz.max_attempts;
        if (max !== null && attempts.length >= max)
          throw new AppError('BUSINESS_RULE', `Bạn đã dùng hết ${max} lượt làm bài kiểm tra này.`);
        const ids = loaded.questions.map((question) => question.id);
        const limit = loaded.quiz.time_limit_seconds;
        await repo.insertAttempt(trx, {
          lessonId,
          userId: learnerId,
          questionOrder: loaded.quiz.shuffle === 1 ? shuffled(ids) : ids,
          startedAt: at.toISOString(),
          deadlineAt: limit === null ? null : new Date(at.getTime() + limit * 1000).toISOString(),
        });
      });
      return describe(loaded, await repo.listAttempts(db, learnerId, lessonId), lessonId, access.lesson.title);
    },

    /** Grades the answers: score, pass or fail, and the review of every question. */
    async submit(userId: number | null, attemptId: number, answers: { question_id: number; option_ids: number[] }[]) {
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      const attempt = await repo.findAttempt(db, userId, attemptId);
      if (!attempt) throw new AppError('NOT_FOUND', 'Không tìm thấy lượt làm bài.');
      await lessonAccess.requireEnrolled(userId, attempt.lesson_id);
      if (attempt.submitted_at !== null) throw new AppError('CONFLICT', 'Bài làm này đã được nộp.');
      const loaded = await loadQuiz(attempt.lesson_id);
      const submitted: Record<number, number[]> = {};
      for (const answer of answers) submitted[answer.question_id] = answer.option_ids;
      const { passed } = await grade(loaded, attempt, submitted, now());
      if (passed && onQuizPassed) await onQuizPassed(userId, attempt.lesson_id);
      return this.result(userId, attemptId);
    },

    /**
     * A quiz answered offline and synced later (issue 21): started and submitted at once, so it is
     * graded by the same rules and counts as one attempt. A timed quiz is refused: the time taken
     * offline cannot be checked.
     */
    async submitAnswered(
      userId: number | null,
      lessonId: number,
      answers: { question_id: number; option_ids: number[] }[],
    ) {
      await lessonAccess.requireEnrolled(userId, lessonId);
      const loaded = await loadQuiz(lessonId);
      if (loaded.quiz.time_limit_seconds !== null)
        throw new AppError('BUSINESS_RULE', 'Bài kiểm tra có giới hạn thời gian chỉ làm được khi có mạng.');
      const started = await this.start(userId, lessonId);
      return this.submit(userId, started.open_attempt!.id, answers);
    },

    /** A submitted attempt with its review (never an open one). */
    async result(userId: number | null, attemptId: number) {
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      const attempt = await repo.findAttempt(db, userId, attemptId);
      if (!attempt) throw new AppError('NOT_FOUND', 'Không tìm thấy lượt làm bài.');
      await lessonAccess.requireEnrolled(userId, attempt.lesson_id);
      if (attempt.submitted_at === null) throw new AppError('BUSINESS_RULE', 'Đáp án chỉ hiện sau khi bạn nộp bài.');
      const loaded = await loadQuiz(attempt.lesson_id);
      const attempts = await repo.listAttempts(db, userId, attempt.lesson_id);
      const max = loaded.quiz.max_attempts;
      return {
        attempt: attemptSummary(attempt),
        pass_percent: loaded.quiz.pass_percent,
        attempts_left: max === null ? null : Math.max(0, max - attempts.length),
        questions: review(loaded, attempt),
      };
    },
  };
}
